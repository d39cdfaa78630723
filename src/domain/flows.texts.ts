/**
 * The one label table of the statecharts: for every machine of src/machines (by machine id) its
 * Chinese title, a short description for product owners, a name for every state path, and for
 * every event it handles a label (drawn on the diagram) and a step (what a tester does on the
 * screen). Each area keeps its part in `src/domain/<area>/flows.texts.ts`; the shape is in
 * `src/domain/shared/flows.texts.ts`. Read by `npm run statecharts` (statecharts/index.html) and
 * checked against the machines by tests/unit/build/flowLabels.test.ts; no screen imports it.
 */
import { ACCOUNT_FLOWS } from './account/flows.texts';
import { CATALOG_FLOWS } from './catalog/flows.texts';
import { COMMERCE_FLOWS } from './commerce/flows.texts';
import { LEARNING_FLOWS } from './learning/flows.texts';
import { QUESTION_BANK_FLOWS } from './questionBank/flows.texts';
import { SHARED_FLOWS, type FlowTexts } from './shared/flows.texts';
import { SITE_FLOWS } from './site/flows.texts';

export type { FlowEventText, FlowTexts } from './shared/flows.texts';

/** Each area's table, in the order of docs/architecture.md (a machine id appears in one only). */
export const FLOW_TEXTS_BY_AREA: Readonly<Record<string, Readonly<Record<string, FlowTexts>>>> = {
  account: ACCOUNT_FLOWS,
  catalog: CATALOG_FLOWS,
  commerce: COMMERCE_FLOWS,
  learning: LEARNING_FLOWS,
  questionBank: QUESTION_BANK_FLOWS,
  site: SITE_FLOWS,
  shared: SHARED_FLOWS,
};

/** Machine id → its texts. */
export const FLOW_TEXTS: Readonly<Record<string, FlowTexts>> = Object.assign({}, ...Object.values(FLOW_TEXTS_BY_AREA)) as Record<string, FlowTexts>;
