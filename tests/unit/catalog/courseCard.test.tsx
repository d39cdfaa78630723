/** A course card (home page, lists) shows the list's fen as yuan, and a list price only when it is higher. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseListItem } from '../../../src/domain/catalog/contract';
import { CourseCard } from '../../../src/views/shared/CourseCard';

const course = (over: Partial<CourseListItem> = {}): CourseListItem => ({
  id: 7,
  type: 'SYS',
  title: '2027一级建造师《建设工程经济》精讲班',
  subtitle: null,
  cover: '/c/7.png',
  priceCents: 68000,
  originalPriceCents: 98000,
  salesCount: 12,
  lessonCount: 30,
  projectId: 2,
  projectName: '一级建造师',
  teachers: [],
  ...over,
});

describe('CourseCard', () => {
  it('shows the price and the struck-through list price in yuan', () => {
    render(<CourseCard course={course()} />);
    const card = screen.getByTestId('course-card');
    expect(card.textContent).toContain('¥680.00');
    expect(card.textContent).toContain('¥980.00');
    expect(card.textContent).not.toContain('68000');
  });

  it('says 免费 for a free course and leaves out a list price that is not higher', () => {
    render(<CourseCard course={course({ priceCents: 0, originalPriceCents: null })} />);
    expect(screen.getByTestId('course-card').textContent).toContain('免费');
    render(<CourseCard course={course({ id: 8, priceCents: 4990, originalPriceCents: 4990 })} />);
    const cards = screen.getAllByTestId('course-card');
    expect(cards[1]!.textContent).toContain('¥49.90');
    expect(cards[1]!.textContent!.match(/¥/g)).toHaveLength(1);
  });
});
