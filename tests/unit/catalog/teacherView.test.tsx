/**
 * The /teacher page (issue 9, point 6): every project's teachers from teacherList, a tab per project
 * whose choice lives in the URL, and the loading, empty and error states.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import type { TeacherGroup } from '../../../src/domain/catalog/contract';
import { EXTRA_CALLS } from '../../../src/domain/calls';
import TeacherView from '../../../src/views/catalog/teacher/TeacherView';
import { answer, fail, ok } from '../../support/msw';

const GROUPS: TeacherGroup[] = [
  {
    project: { id: 6, name: '一级建造师' },
    teachers: [
      { id: 1, name: '王建国', title: '高级工程师', avatar: '/new/demo/teachers/wang.svg', intro: '主讲建设工程经济。' },
      { id: 2, name: '李明', title: '注册建造师', avatar: '/new/demo/teachers/li.svg', intro: '主讲项目管理。' },
    ],
  },
  {
    project: { id: 9, name: '初级会计职称' },
    teachers: [{ id: 3, name: '赵敏', title: '注册会计师', avatar: '/new/demo/teachers/zhao.svg', intro: '主讲初级会计实务。' }],
  },
  { project: { id: 12, name: '消防工程师' }, teachers: [] },
];

const server = setupServer(answer(EXTRA_CALLS.teacherList, GROUPS));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderTeachers(path = '/teacher') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <FluentProvider theme={webLightTheme}>
          <TeacherView />
        </FluentProvider>
      </AppProvider>
    </Router>,
  );
  return location;
}

const groupNames = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('TeacherView', () => {
  it('shows every project that has teachers, each teacher with title and introduction', async () => {
    renderTeachers();
    expect(screen.getByRole('heading', { level: 1, name: '师资团队' })).toBeTruthy();
    await screen.findByRole('heading', { name: '王建国' });
    expect(groupNames()).toEqual(['一级建造师', '初级会计职称']);
    const first = within(screen.getByRole('region', { name: '一级建造师' }));
    expect(first.getByText('高级工程师')).toBeTruthy();
    expect(first.getByText('主讲项目管理。')).toBeTruthy();
    // A project without teachers gets no filter and no empty section.
    const filters = within(screen.getByRole('navigation', { name: '按考试项目筛选' }));
    expect(filters.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['全部', '/teacher'],
      ['一级建造师', '/teacher?projectId=6'],
      ['初级会计职称', '/teacher?projectId=9'],
    ]);
    expect(filters.getByRole('link', { name: '全部' }).getAttribute('aria-current')).toBe('page');
  });

  it('keeps the chosen project in the URL, and opens on it from a link', async () => {
    const location = renderTeachers();
    fireEvent.click(await screen.findByRole('link', { name: '初级会计职称' }));
    await waitFor(() => expect(groupNames()).toEqual(['初级会计职称']));
    expect(location.history?.at(-1)).toBe('/teacher?projectId=9');
    fireEvent.click(screen.getByRole('link', { name: '全部' }));
    await waitFor(() => expect(groupNames()).toEqual(['一级建造师', '初级会计职称']));
    expect(location.history?.at(-1)).toBe('/teacher');
  });

  it('opens on the project of the link; an unknown project shows them all', async () => {
    renderTeachers('/teacher?projectId=6');
    await screen.findByRole('heading', { name: '王建国' });
    expect(groupNames()).toEqual(['一级建造师']);
    expect(screen.getByRole('link', { name: '一级建造师' }).getAttribute('aria-current')).toBe('page');
  });

  it('an unknown project in the link shows every project', async () => {
    renderTeachers('/teacher?projectId=999');
    await screen.findByRole('heading', { name: '王建国' });
    expect(groupNames()).toEqual(['一级建造师', '初级会计职称']);
  });

  it('says so when there are no teachers', async () => {
    server.use(answer(EXTRA_CALLS.teacherList, [{ project: { id: 6, name: '一级建造师' }, teachers: [] }]));
    renderTeachers();
    expect(await screen.findByText('暂无讲师信息')).toBeTruthy();
  });

  it('shows the error with a retry that loads again', async () => {
    let calls = 0;
    server.use(
      answer(EXTRA_CALLS.teacherList, () => {
        calls += 1;
        return calls === 1 ? fail('服务器错误(500)', 500) : ok(GROUPS);
      }),
    );
    renderTeachers();
    fireEvent.click(await screen.findByRole('button', { name: /重新加载/ }));
    expect(await screen.findByRole('heading', { name: '王建国' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
