/**
 * The microphone for Twinboard's server recogniser (issue 25): getUserMedia into an AudioWorklet
 * (recorder.worklet.ts), which hands the page mono chunks at the device's sample rate. Opened when
 * the player presses the talk key and closed when he lets go, so the browser's microphone
 * indicator is on only while he speaks.
 */
import recorderUrl from './recorder.worklet.ts?worker&url';

/** An open microphone: mono chunks at `sampleRate`, and a way to release it. */
export interface MicrophoneInput {
  readonly sampleRate: number;
  /** Receives every chunk (about 20 ms of samples, -1…1). */
  onChunk(fn: (chunk: Float32Array) => void): void;
  close(): void;
}

/** Opens the microphone through an AudioWorklet recorder. Rejects when it cannot (plumbing.ts `microphoneError` names why). */
export async function openWorkletMicrophone(): Promise<MicrophoneInput> {
  // Insecure pages (plain http other than localhost) have no mediaDevices at all.
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No microphone here', 'NotAllowedError');
  const stream = await navigator.mediaDevices.getUserMedia({
    // Echo cancellation keeps Twinboard's own voice out when it speaks through loudspeakers; noise
    // suppression and gain control are off, since they reshape speech the recogniser was not
    // measured on (bench:voice adds noise to the audio itself).
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: false, autoGainControl: false },
  });
  const context = new AudioContext();
  try {
    await context.audioWorklet.addModule(recorderUrl);
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, 'twinboard-recorder', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    let listener: ((chunk: Float32Array) => void) | undefined;
    node.port.onmessage = (event: MessageEvent<Float32Array>) => listener?.(event.data);
    source.connect(node);
    // The node writes silence; connected, the graph is rendered and the node called.
    node.connect(context.destination);
    // A context made after an await may start suspended; the talk key press allows it to run.
    void context.resume();
    return {
      sampleRate: context.sampleRate,
      onChunk(fn) {
        listener = fn;
      },
      close() {
        listener = undefined;
        node.port.onmessage = null;
        source.disconnect();
        node.disconnect();
        for (const track of stream.getTracks()) track.stop();
        void context.close();
      },
    };
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
    throw error;
  }
}
