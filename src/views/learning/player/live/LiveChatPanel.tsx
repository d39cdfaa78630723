/**
 * A live courseware's chat beside the player: the room's messages as they come (the assistant's
 * marked, one's own marked), new ones scrolled into view unless the reader scrolled up; a box to
 * speak while the session runs, with its length and the server's refusals shown. Read-only before
 * the start and for a replay.
 */
import { useEffect, useRef } from 'react';
import { useCurrentUser, useFlow } from '../../../../app/AppContext';
import type { LiveInfo } from '../../../../domain/learning/contract';
import { LIVE_MESSAGE_MAX_LENGTH } from '../../../../domain/learning/limits';
import { LIVE_TEXTS as T } from '../../../../domain/learning/live.texts';
import { liveChatMachine } from '../../../../machines/learning/liveChat.machine';
import './liveChat.css';

export function LiveChatPanel({ coursewareId, live }: { coursewareId: number; live: LiveInfo }) {
  const canSend = live.state === 'LIVE';
  const [state, send] = useFlow(liveChatMachine, { input: { coursewareId, canSend } });
  const me = useCurrentUser();
  const { messages, draft, error } = state.context;
  const listRef = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);

  useEffect(() => {
    const list = listRef.current;
    if (list && pinned.current) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const length = draft.trim().length;
  const tooLong = length > LIVE_MESSAGE_MAX_LENGTH;
  const sending = state.matches({ composer: 'sending' });
  const cooling = state.matches({ composer: 'cooling' });
  let connection: string | null = null;
  if (state.matches({ connection: 'connecting' })) connection = T.connecting;
  if (state.matches({ connection: 'reconnecting' })) connection = T.reconnecting;

  return (
    <section className="xt-live" aria-label={T.title}>
      <h2 className="xt-live__title">{T.title}</h2>
      {connection && (
        <p className="xt-live__connection" role="status">
          {connection}
        </p>
      )}
      <ol
        ref={listRef}
        className="xt-live__messages"
        aria-live="polite"
        // A reader who scrolled up to read keeps their place; at the bottom, new messages follow.
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        data-testid="live-messages"
      >
        {messages.length === 0 && <li className="xt-live__empty">{T.empty}</li>}
        {messages.map((m) => (
          <li key={m.id} className={`xt-live__message${m.fromStaff ? ' xt-live__message--staff' : ''}`}>
            <span className="xt-live__who">
              {m.nickname}
              {m.fromStaff && <span className="xt-live__tag">{T.staff}</span>}
              {me && m.userId === me.id && <span className="xt-live__tag">{T.me}</span>}
            </span>
            <span className="xt-live__text">{m.content}</span>
          </li>
        ))}
      </ol>
      {canSend ? (
        <form
          className="xt-live__form"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SEND' });
          }}
        >
          <label className="xt-live__label" htmlFor={`xt-live-input-${coursewareId}`}>
            {T.placeholder}
          </label>
          <input
            id={`xt-live-input-${coursewareId}`}
            className="xt-live__input"
            value={draft}
            placeholder={T.placeholder}
            onChange={(e) => send({ type: 'EDIT', text: e.target.value })}
            aria-invalid={tooLong}
            data-testid="live-input"
          />
          <span className={`xt-live__counter${tooLong ? ' xt-live__counter--over' : ''}`}>{T.counter(length, LIVE_MESSAGE_MAX_LENGTH)}</span>
          <button type="submit" className="xt-btn xt-btn--primary" disabled={sending || cooling || length === 0 || tooLong}>
            {sending ? T.sending : T.send}
          </button>
          {(error || tooLong) && (
            <p className="xt-live__error" role="alert">
              {tooLong ? T.tooLong(LIVE_MESSAGE_MAX_LENGTH) : error}
            </p>
          )}
        </form>
      ) : (
        <p className="xt-live__closed">{live.state === 'UPCOMING' ? T.closedUpcoming : T.closedReplay}</p>
      )}
    </section>
  );
}
