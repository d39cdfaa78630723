/**
 * The watermark in the course player (issue 24): the server's config decides. A paid lesson's
 * config names the student: the mark is drawn over the video, whose own fullscreen and
 * picture-in-picture are off; an audition's config has none: nothing is drawn.
 */
import { cleanup, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_CALLS } from '../../../src/domain/catalog/calls';
import { LEARNING_CALLS } from '../../../src/domain/learning/calls';
import type { PlayerConfig } from '../../../src/domain/learning/contract';
import { forgetLearningOutbox, MemoryOutbox } from '../../../src/services/learning/learningOutbox';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import CoursePlayerView from '../../../src/views/learning/player/CoursePlayerView';
import { eventually } from '../../support/loginKit';
import { renderView, sessionHandlers } from '../commerce/myOrders.fixtures';
import { CONFIG, info, OUTLINE } from './player.fixtures';
import { answer, ok } from '../../support/msw';

let config: PlayerConfig = CONFIG;
let audition = false;
const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.studyPercentage, OUTLINE),
  answer(LEARNING_CALLS.coursewareInfo, () => ok(info(audition ? { freeAudition: true, owned: false, recordable: false, watchTicket: null } : {}))),
  answer(LEARNING_CALLS.ccConfig, () => ok(config)),
  answer(LEARNING_CALLS.lastLearnedRecord, null),
  answer(CATALOG_CALLS.firstAudition, null),
  answer(LEARNING_CALLS.addLearnedRecord, () =>
    ok({ coursewareId: 70, counted: true, studyPercentageInfo: { learnedTotalTime: 60, studyPercentage: 10, progressBar: 120 } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // jsdom neither plays nor lays out: a pause does nothing, and every box is the video's size.
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => DOMRect.fromRect({ x: 0, y: 0, width: 343, height: 193 }));
});
afterEach(() => {
  cleanup();
  dismissAllToasts();
  vi.restoreAllMocks();
  config = CONFIG;
  audition = false;
});
afterAll(() => server.close());

const open = (loggedIn = true) => {
  forgetLearningOutbox(new MemoryOutbox());
  return renderView(CoursePlayerView, '/course-player/7?coursewareId=70', { pattern: '/course-player/:id', loggedIn });
};

describe('the watermark in the course player', () => {
  it("draws the student's masked mobile over a paid lesson's video, whose own fullscreen and picture-in-picture are off", async () => {
    config = { ...CONFIG, watermark: { mark: '138****8000' } };
    open();
    await eventually(() => expect(screen.getByTestId('watermark').textContent).toMatch(/^138\*{4}8000 \d\d-\d\d \d\d:\d\d$/));
    const video = screen.getByTestId('course-video');
    expect(screen.getByTestId('watermark').parentElement).toBe(video.parentElement);
    expect(video.getAttribute('controlslist')).toBe('nofullscreen');
    expect(video.hasAttribute('disablepictureinpicture')).toBe(true);
  });

  it('draws nothing over an audition', async () => {
    audition = true;
    open(false);
    await eventually(() => expect(screen.getByTestId('course-video')).toBeTruthy());
    expect(screen.queryByTestId('watermark')).toBeNull();
    expect(screen.getByTestId('course-video').hasAttribute('disablepictureinpicture')).toBe(false);
  });
});
