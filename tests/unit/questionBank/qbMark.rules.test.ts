/** The self-marking rules of src/domain/questionBank/report.ts: typed marks, 半分, the problems a submit is refused for. */
import { describe, expect, it } from 'vitest';
import { sheetItems } from '../../../src/domain/questionBank/answerSheet';
import type { QuestionView } from '../../../src/domain/questionBank/contract';
import { halfMark, markProblems, marksToSend, markText, parseMark, transcriptPaperId, writtenItems } from '../../../src/domain/questionBank/report';
import { QB_TEXTS } from '../../../src/domain/questionBank/texts';

const q = (id: number, type: QuestionView['type'], scoreTenths: number, subs: QuestionView[] = []): QuestionView => ({
  id,
  type,
  stem: '',
  options: [],
  blanks: 0,
  scoreTenths,
  no: id,
  subs,
});

describe('self-marking rules', () => {
  it('reads typed marks in points, full-width digits too, and refuses anything else', () => {
    expect(parseMark('3.5')).toBe(35);
    expect(parseMark(' ４ ')).toBe(40);
    expect(parseMark('２．５')).toBe(25);
    expect(parseMark('0')).toBe(0);
    expect(parseMark('')).toBeNull();
    expect(parseMark('-1')).toBeNull();
    expect(parseMark('三分')).toBeNull();
    expect(parseMark('1e1')).toBeNull();
  });

  it('gives half marks rounded down to half a point, and writes tenths back as points', () => {
    expect([10, 30, 40, 50, 200].map(halfMark)).toEqual([5, 15, 20, 25, 100]);
    expect(halfMark(5)).toBe(0);
    expect(markText(25)).toBe('2.5');
    expect(markText(40)).toBe('4');
  });

  it('marks only the written answers: 简答 and a case’s written sub-questions', () => {
    const questions = [
      q(1, 'SINGLE', 20),
      q(2, 'SHORT_ANSWER', 50),
      q(3, 'CASE', 80, [
        { ...q(31, 'SINGLE', 40), no: 1 },
        { ...q(32, 'SHORT_ANSWER', 40), no: 2 },
      ]),
    ];
    expect(writtenItems(questions).map((item) => item.label)).toEqual(['2', '3-2']);
    expect(sheetItems(questions)).toHaveLength(4);
  });

  it('refuses a missing mark and one off the grid or above full marks; unanswered ones take none', () => {
    const items = writtenItems([q(2, 'SHORT_ANSWER', 50), q(3, 'SHORT_ANSWER', 40), q(4, 'SHORT_ANSWER', 40)]);
    const answers = {
      2: { questionId: 2, answer: ['答'], flagged: false, version: 1 },
      3: { questionId: 3, answer: ['答'], flagged: false, version: 2 },
      4: { questionId: 4, answer: ['  '], flagged: false, version: 3 },
    };
    expect(markProblems(items, answers, {})).toEqual({ 2: QB_TEXTS.marksMissing, 3: QB_TEXTS.marksMissing });
    expect(markProblems(items, answers, { 2: '5.5', 3: '1.2' })).toEqual({ 2: QB_TEXTS.markInvalid, 3: QB_TEXTS.markInvalid });
    expect(markProblems(items, answers, { 2: '5', 3: '0.5' })).toEqual({});
    expect(marksToSend(items, answers, { 2: '5', 3: '0.5' })).toEqual([
      { questionId: 2, scoreTenths: 50 },
      { questionId: 3, scoreTenths: 5 },
    ]);
  });

  it('names the paper of a paper record in the transcript route, 0 for other sources', () => {
    expect(transcriptPaperId({ source: 'PAPER', sourceId: 7 })).toBe(7);
    expect(transcriptPaperId({ source: 'SECTION', sourceId: 12 })).toBe(0);
  });
});
