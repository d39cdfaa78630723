import type { Gender } from './contract';

/** Default avatars by gender, served with the SPA. */
export const DEFAULT_AVATARS: Record<Gender, string> = {
  MALE: '/new/avatars/male.svg',
  FEMALE: '/new/avatars/female.svg',
  UNKNOWN: '/new/avatars/unknown.svg',
};

export function avatarFor(avatar: string | null | undefined, gender: Gender | null | undefined): string {
  return avatar || DEFAULT_AVATARS[gender ?? 'UNKNOWN'] || DEFAULT_AVATARS.UNKNOWN;
}
