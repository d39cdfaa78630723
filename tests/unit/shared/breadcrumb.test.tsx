/** The shared breadcrumb: a labelled list of links whose last item is the page itself (issue 20). */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Breadcrumb, type BreadcrumbItem } from '../../../src/views/shared/Breadcrumb';

function renderCrumbs(items: readonly BreadcrumbItem[]) {
  const location = memoryLocation({ path: '/x' });
  return render(
    <Router hook={location.hook}>
      <Breadcrumb items={items} />
    </Router>,
  );
}

describe('Breadcrumb', () => {
  it('lists the ancestors as links and the page as the current item, not a link', () => {
    renderCrumbs([{ label: '首页', href: '/' }, { label: '课程', href: '/course/pro-course' }, { label: '2027一建精讲班' }]);
    const nav = screen.getByRole('navigation', { name: '面包屑' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['首页', '›课程', '›2027一建精讲班']);
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['首页', '/'],
      ['课程', '/course/pro-course'],
    ]);
    const current = within(nav).getByText('2027一建精讲班');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.closest('a')).toBeNull();
  });

  it('gives every item its whole name as a title (shown when an ellipsis cuts it) and hides the separators from screen readers', () => {
    const long = '2027年全国一级建造师执业资格考试《建设工程经济》三科联报精讲提分班';
    renderCrumbs([{ label: '首页', href: '/' }, { label: long }]);
    expect(screen.getByText(long).getAttribute('title')).toBe(long);
    expect(screen.getByText('›').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows a single item as the current page, without a separator', () => {
    renderCrumbs([{ label: '首页', href: '/' }]);
    const nav = screen.getByRole('navigation', { name: '面包屑' });
    expect(within(nav).queryByRole('link')).toBeNull();
    expect(within(nav).getByText('首页').getAttribute('aria-current')).toBe('page');
    expect(nav.textContent).not.toContain('›');
  });
});
