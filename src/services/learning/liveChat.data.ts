/**
 * The live chat's transport: the room's server-sent events (EventSource reconnects by itself and
 * resumes after the last event id it saw) and sending a message.
 */
import { LEARNING_CALLS, LEARNING_EXTRA_CALLS } from '../../domain/learning/calls';
import type { LiveMessage } from '../../domain/learning/contract';
import { buildPath } from '../../domain/shared/api';
import { call } from '../shared/http/client';
import { newRecordId } from './player.data';

export interface LiveStreamHandlers {
  onMessage(message: LiveMessage): void;
  onOpen(): void;
  onDrop(): void;
}

/** Listens to a live courseware's room; returns what stops listening. */
export function openLiveStream(coursewareId: number, handlers: LiveStreamHandlers): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onDrop();
    return () => {};
  }
  const source = new EventSource(buildPath(LEARNING_EXTRA_CALLS.liveMessageStream.path, { id: coursewareId }));
  source.addEventListener('open', () => handlers.onOpen());
  source.addEventListener('error', () => handlers.onDrop());
  source.addEventListener('message', (event) => {
    try {
      handlers.onMessage(JSON.parse((event as MessageEvent<string>).data) as LiveMessage);
    } catch {
      // A malformed event is skipped; the next one carries on.
    }
  });
  return () => source.close();
}

export function postLiveMessage(coursewareId: number, content: string, clientMsgId: string): Promise<LiveMessage> {
  return call(LEARNING_CALLS.sendLiveMsg, { body: { coursewareId, content, clientMsgId }, silent: true });
}

export const newClientMsgId = newRecordId;
