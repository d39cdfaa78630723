/**
 * /question-bank/home: the class tree and every paper (to know which subjects have a bank), then
 * for the chosen subject its section tree, the papers of the tab and the project's teachers (the
 * recipe: src/domain/questionBank/homeData.ts). A visitor's page the server rendered starts from
 * its data; a student's (their figures are in it) always loads.
 */
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { ClassNode } from '../../domain/catalog/contract';
import { askQbHome, type QbHomeData, type QbHomeParams } from '../../domain/questionBank/homeData';
import { SERVER_PAGE_KEYS } from '../../domain/shared/serverPage';
import { askWith } from '../../services/shared/http/ask';
import { call } from '../../services/shared/http/client';
import { serverData } from '../../services/shared/serverData';
import { createPageDataMachine } from '../shared/pageData';

export type { QbHomeData, QbHomeParams } from '../../domain/questionBank/homeData';

let cachedTree: Promise<ClassNode[]> | null = null;

function loadHome(params: QbHomeParams): Promise<QbHomeData> {
  // The tree rarely changes: kept for the session; a failed load is tried again next time.
  if (!cachedTree) {
    cachedTree = call(CATALOG_CALLS.classTreeList, { body: {} });
    cachedTree.catch(() => {
      cachedTree = null;
    });
  }
  return askQbHome(askWith(call), params, cachedTree);
}

/** Another subject or tab, or a login, loads again in place (PARAMS_CHANGED). */
export const qbHomeMachine = createPageDataMachine({
  id: 'qbHome',
  load: loadHome,
  sameParams: (a, b) => a.subjectId === b.subjectId && a.tab === b.tab && a.loggedIn === b.loggedIn,
  initial: (params) => (params.loggedIn ? undefined : serverData<QbHomeData>(SERVER_PAGE_KEYS.qbHome(params.subjectId, params.tab))),
});
