/**
 * Development only: a floating panel of the live actors (Alt+Shift+D or the 状态机 button; open at
 * load with ?devtools): each actor's state, masked context, last events and its machine's states
 * drawn offline with the current ones highlighted. The Stately inspector needs the internet, so it
 * loads only when asked: its button, or ?inspect in the URL.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import './devtools.css';

/** What the panel shows of one live actor (the composition root's registry builds these). */
export interface PanelActor {
  sessionId: string;
  id: string;
  parentId: string | null;
  state: string;
  status: string;
  context: unknown;
  events: { type: string; at: number; payload: unknown }[];
  diagram: { path: string; name: string; depth: number; transitions: { event: string; targets: string[] }[] }[] | null;
  active: string[];
}

/** The actor's machine, state by state, the active ones marked: the diagram that needs no network. */
function StateOutline({ actor }: { actor: PanelActor }) {
  if (!actor.diagram?.length) return null;
  const active = new Set(actor.active);
  return (
    <details className="xt-actors__outline" open>
      <summary>状态图</summary>
      <ol>
        {actor.diagram.map((state) => (
          <li
            key={state.path}
            className={active.has(state.path) ? 'xt-actors__node xt-actors__node--active' : 'xt-actors__node'}
            aria-current={active.has(state.path) ? 'true' : undefined}
            data-depth={state.depth}
            data-state={state.path}
          >
            <span className="xt-actors__node-name">{state.name}</span>
            {state.transitions.length > 0 && (
              <span className="xt-actors__node-events">{state.transitions.map((t) => `${t.event} → ${t.targets.join(', ')}`).join('；')}</span>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

export interface ActorPanelProps {
  registry: { list: () => PanelActor[]; subscribe: (listener: () => void) => () => void; getVersion: () => number };
  /** Loads the Stately inspector (it needs the internet) and starts feeding it. */
  connectStately: () => Promise<void>;
}

export default function ActorPanel({ registry, connectStately }: ActorPanelProps) {
  const [open, setOpen] = useState(() => new URLSearchParams(window.location.search).has('devtools'));
  // ?inspect: the Stately inspector from the start (it opens its own window on stately.ai).
  const [inspectAtLoad] = useState(() => new URLSearchParams(window.location.search).has('inspect'));
  const [statelyState, setStatelyState] = useState<'off' | 'connecting' | 'on' | 'failed'>(inspectAtLoad ? 'connecting' : 'off');
  useSyncExternalStore(registry.subscribe, registry.getVersion);
  const start = useCallback(
    () =>
      connectStately().then(
        () => setStatelyState('on'),
        () => setStatelyState('failed'),
      ),
    [connectStately],
  );
  const connect = () => {
    setStatelyState('connecting');
    void start();
  };
  useEffect(() => {
    if (inspectAtLoad) void start();
  }, [inspectAtLoad, start]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.shiftKey && e.code === 'KeyD') setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const actors = registry.list();
  return (
    <>
      <button type="button" className="xt-actors-toggle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        状态机 {actors.length}
      </button>
      {open && (
        <section className="xt-actors" aria-label="状态机调试面板">
          <div className="xt-actors__head">
            <strong>运行中的 actor</strong>
            <button type="button" disabled={statelyState === 'connecting' || statelyState === 'on'} onClick={connect}>
              {statelyState === 'on' ? 'Stately 已连接' : statelyState === 'failed' ? 'Stately 连接失败（需联网）' : '连接 Stately 检查器（需联网）'}
            </button>
          </div>
          {actors.map((a) => (
            <details key={a.sessionId} open={!a.parentId} className={a.parentId ? 'xt-actors__actor xt-actors__actor--child' : 'xt-actors__actor'}>
              <summary>
                <b>{a.id}</b> → <span className="xt-actors__state">{a.state || a.status}</span>
              </summary>
              <StateOutline actor={a} />
              <pre className="xt-actors__context">{JSON.stringify(a.context, null, 1)}</pre>
              <ol className="xt-actors__events">
                {a.events.map((e, i) => (
                  <li key={i}>
                    {new Date(e.at).toLocaleTimeString()} {e.type} {Object.keys(e.payload as object).length ? JSON.stringify(e.payload) : ''}
                  </li>
                ))}
              </ol>
            </details>
          ))}
        </section>
      )}
    </>
  );
}
