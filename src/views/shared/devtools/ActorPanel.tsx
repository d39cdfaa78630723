/**
 * Development only: a floating panel of the live actors (Alt+Shift+D or the 状态机 button), and
 * on demand the Stately inspector, which needs the internet (so it is never loaded by itself).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
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
}

export interface ActorPanelProps {
  registry: { list: () => PanelActor[]; subscribe: (listener: () => void) => () => void; getVersion: () => number };
  /** Loads the Stately inspector (it needs the internet) and starts feeding it. */
  connectStately: () => Promise<void>;
}

export default function ActorPanel({ registry, connectStately }: ActorPanelProps) {
  const [open, setOpen] = useState(() => new URLSearchParams(window.location.search).has('devtools'));
  const [statelyState, setStatelyState] = useState<'off' | 'connecting' | 'on' | 'failed'>('off');
  useSyncExternalStore(registry.subscribe, registry.getVersion);
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
            <button
              type="button"
              disabled={statelyState === 'connecting' || statelyState === 'on'}
              onClick={() => {
                setStatelyState('connecting');
                connectStately().then(
                  () => setStatelyState('on'),
                  () => setStatelyState('failed'),
                );
              }}
            >
              {statelyState === 'on' ? 'Stately 已连接' : statelyState === 'failed' ? 'Stately 连接失败（需联网）' : '连接 Stately 检查器（需联网）'}
            </button>
          </div>
          {actors.map((a) => (
            <details key={a.sessionId} open={!a.parentId} className={a.parentId ? 'xt-actors__actor xt-actors__actor--child' : 'xt-actors__actor'}>
              <summary>
                <b>{a.id}</b> → <span className="xt-actors__state">{a.state || a.status}</span>
              </summary>
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
