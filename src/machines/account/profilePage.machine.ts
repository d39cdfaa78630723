/** 个人资料's data (the user and the project list) as a pageData load: loading → loaded | failed, RETRY. */
import type { UserInfo } from '../../domain/account/contract';
import { type ProjectGroup, projectGroups } from '../../domain/account/intendedProject';
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { ClassNode } from '../../domain/catalog/contract';
import { getUserInfo } from '../../services/account/account.api';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

export interface ProfileData {
  user: UserInfo;
  groups: ProjectGroup[];
}

export async function loadProfile(): Promise<ProfileData> {
  // Without the class tree the page still works (only the project select is empty); the client toasts.
  const [user, tree] = await Promise.all([getUserInfo(), call(CATALOG_CALLS.classTreeList, { body: {} }).catch((): ClassNode[] => [])]);
  return { user, groups: projectGroups(tree) };
}

export const profilePageMachine = createPageDataMachine({ id: 'profilePage', load: loadProfile });
