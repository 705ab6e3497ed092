/**
 * The names of the roles at the table, the one place for them in both languages: bare ("blind
 * player", in a list or after "announced by"), as a title ("Blind player", a choice or a heading)
 * and as the subject of a sentence ("the blind player joined"; German keeps the bare name). Pure.
 */
import type { Locale } from '../i18n/index.ts';
import type { Role } from '../match/types.ts';

/** How a role's name is used: bare, as a title, or as the subject of a sentence. */
export type RoleNameForm = 'name' | 'title' | 'subject';

const NAMES: Readonly<Record<Locale, Readonly<Record<Role, readonly [name: string, subject: string]>>>> = {
  en: {
    blind: ['blind player', 'the blind player'],
    sighted: ['sighted player', 'the sighted player'],
    blindAssistant: ["blind player's assistant", "the blind player's assistant"],
    sightedAssistant: ["sighted player's assistant", "the sighted player's assistant"],
    arbiter: ['arbiter', 'the arbiter'],
    spectator: ['spectator', 'a spectator'],
  },
  de: {
    blind: ['blinder Spieler', 'blinder Spieler'],
    sighted: ['sehender Spieler', 'sehender Spieler'],
    blindAssistant: ['Assistent des blinden Spielers', 'Assistent des blinden Spielers'],
    sightedAssistant: ['Assistent des sehenden Spielers', 'Assistent des sehenden Spielers'],
    arbiter: ['Schiedsrichter', 'Schiedsrichter'],
    spectator: ['Zuschauer', 'Zuschauer'],
  },
};

/** A role's name in the UI language, in the form its place in the text needs. */
export function describeRole(locale: Locale, role: Role, form: RoleNameForm = 'name'): string {
  const [name, subject] = NAMES[locale][role];
  if (form === 'subject') return subject;
  return form === 'title' ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

/** Every role's name for a screen's catalogue, as `role_<role>` keys. */
export function roleNames(
  locale: Locale,
  form: RoleNameForm = 'name',
): Readonly<Record<`role_${Role}`, string>> {
  const roles = Object.keys(NAMES[locale]) as Role[];
  return Object.fromEntries(roles.map((r) => [`role_${r}`, describeRole(locale, r, form)])) as Record<
    `role_${Role}`,
    string
  >;
}
