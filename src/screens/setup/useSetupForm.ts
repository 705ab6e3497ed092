/**
 * The setup screen's forms as state: the creator's choices and role, the code, role and invitation
 * code of a join. Set by the controls and by voice alike.
 */
import { useState } from 'react';
import { INVITED_SEATS, normalizeCode } from '../../net/protocol.ts';
import type { Role } from '../../match/types.ts';
import { DEFAULT_CHOICES, type SetupChoices } from './setupChoices.ts';

export function useSetupForm(joinCode: string | undefined) {
  const [choices, setChoices] = useState<SetupChoices>(DEFAULT_CHOICES);
  const [role, setRole] = useState<Role>('blind');
  const [code, setCode] = useState(joinCode ?? '');
  const [joinRole, setJoinRole] = useState<Role>('sighted');
  const [invite, setInvite] = useState('');
  const needsInvite = (INVITED_SEATS as readonly Role[]).includes(joinRole);
  return {
    choices,
    setChoices,
    set: <K extends keyof SetupChoices>(key: K, value: SetupChoices[K]) =>
      setChoices((c) => ({ ...c, [key]: value })),
    role,
    setRole,
    code,
    setCode,
    /** The code as typed, in its normal form ('' when none). */
    codeValue: () => normalizeCode(code),
    joinRole,
    setJoinRole,
    invite,
    setInvite,
    needsInvite,
    joinEntry: (wanted: string) => ({
      join: {
        code: wanted,
        role: joinRole,
        ...(needsInvite && normalizeCode(invite) !== '' ? { invite: normalizeCode(invite) } : {}),
      },
    }),
  };
}

export type SetupForm = ReturnType<typeof useSetupForm>;
