/** Shared by the transcript, marking and analysis unit tests: demo payloads and rendering a view at a path. */
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import type { QuestionView, RecordSummary } from '../../../src/domain/questionBank/contract';
import type { RouteViewProps } from '../../../src/routeTypes';

export function question(id: number, type: QuestionView['type'], overrides: Partial<QuestionView> = {}): QuestionView {
  const choice = ['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE'].includes(type);
  return {
    id,
    type,
    stem: `题干${id}`,
    options: choice ? ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `选项${key}` })) : [],
    blanks: type === 'FILL' ? 2 : 0,
    scoreTenths: 20,
    no: id,
    subs: [],
    ...overrides,
  };
}

export function summary(overrides: Partial<RecordSummary> = {}): RecordSummary {
  return {
    id: 55,
    source: 'PAPER',
    sourceId: 7,
    name: '2027一建《工程经济》模拟卷（一）',
    mode: 'EXAM',
    state: 'DONE',
    startedAt: 1_700_000_000_000,
    handedInAt: 1_700_000_900_000,
    scoreTenths: 725,
    totalScoreTenths: 1000,
    questionCount: 4,
    answeredCount: 4,
    ...overrides,
  };
}

/** Renders a route view at `path` (its params given) inside the app's providers; `current()` is the latest location. */
export function renderView(View: ComponentType<RouteViewProps>, path: string, params: Record<string, string>) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <View params={params} route={{ path: '', title: '', view: () => Promise.reject(new Error('unused')), auth: true, layout: 'bare', mobile: '' }} />
      </AppProvider>
    </Router>,
  );
  return { view, location, current: () => location.history?.at(-1) ?? path };
}
