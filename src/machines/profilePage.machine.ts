/** 个人资料's data (the user and the project list) as a pageData load: loading → loaded | failed, RETRY. */
import type { ClassNode, UserInfo } from '../domain/apiTypes';
import { projectGroups, type ProjectGroup } from '../domain/intendedProject';
import { getUserInfo } from '../services/api/account.api';
import { getClassTree } from '../services/api/content.api';
import { createPageDataMachine } from './pageData';

export interface ProfileData {
  user: UserInfo;
  groups: ProjectGroup[];
}

export async function loadProfile(): Promise<ProfileData> {
  // Without the class tree the page still works (only the project select is empty); the client toasts.
  const [user, tree] = await Promise.all([getUserInfo(), getClassTree().catch((): ClassNode[] => [])]);
  return { user, groups: projectGroups(tree) };
}

export const profilePageMachine = createPageDataMachine('profilePage', loadProfile);
