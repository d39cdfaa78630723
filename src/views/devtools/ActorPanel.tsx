/**
 * Development only: a floating panel of the live actors (Alt+Shift+D or the 状态机 button), and
 * on demand the Stately inspector, which needs the internet (so it is never loaded by itself).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

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
  registry: { list(): PanelActor[]; subscribe(listener: () => void): () => void; getVersion(): number };
  /** Loads the Stately inspector (it needs the internet) and starts feeding it. */
  connectStately: () => Promise<void>;
}

const panel: React.CSSProperties = {
  position: 'fixed', left: 12, bottom: 56, width: 420, maxHeight: '70vh', overflow: 'auto', zIndex: 20000,
  background: '#111827', color: '#e5e7eb', font: '12px/1.5 ui-monospace, monospace', borderRadius: 8, padding: 12, boxShadow: '0 8px 24px rgba(0,0,0,.3)',
};
const toggle: React.CSSProperties = {
  position: 'fixed', left: 12, bottom: 12, zIndex: 20000, background: '#111827', color: '#fff', border: 0, borderRadius: 16, padding: '6px 12px', cursor: 'pointer', opacity: 0.8,
};

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
      <button type="button" style={toggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        状态机 {actors.length}
      </button>
      {open && (
        <section style={panel} aria-label="状态机调试面板">
          <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
            <strong>运行中的 actor</strong>
            <button
              type="button"
              disabled={statelyState === 'connecting' || statelyState === 'on'}
              onClick={() => {
                setStatelyState('connecting');
                connectStately().then(() => setStatelyState('on'), () => setStatelyState('failed'));
              }}
            >
              {statelyState === 'on' ? 'Stately 已连接' : statelyState === 'failed' ? 'Stately 连接失败（需联网）' : '连接 Stately 检查器（需联网）'}
            </button>
          </div>
          {actors.map((a) => (
            <details key={a.sessionId} open={!a.parentId} style={{ marginBottom: 8, marginLeft: a.parentId ? 12 : 0 }}>
              <summary>
                <b>{a.id}</b> → <span style={{ color: '#93c5fd' }}>{a.state || a.status}</span>
              </summary>
              <pre style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{JSON.stringify(a.context, null, 1)}</pre>
              <ol style={{ margin: 0, paddingLeft: 18 }}>
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
