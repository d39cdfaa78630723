import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { CAPTCHA_PIECE_SIZE, type CaptchaChallenge, type CaptchaSolution } from '../../../domain/account/captcha';
import { LOGIN_TEXTS } from '../../../domain/account/texts';
import type { CaptchaStatus } from '../../../machines/account/smsSender.machine';

export interface SliderCaptchaProps {
  status: CaptchaStatus;
  challenge: CaptchaChallenge | null;
  /** The last slide failed (验证失败，请重新拖动滑块). */
  error: string | null;
  loadError?: string | null;
  onSolve: (solution: CaptchaSolution) => void;
  onRefresh: () => void;
  onClose: () => void;
}

/** Keyboard users move the piece 2 px per arrow press and release it with Enter. */
export const KEY_STEP_PX = 2;

/**
 * The slider puzzle: drag the handle (pointer, or arrow keys + Enter) until the piece fills the hole
 * in the background. The piece's x and the drag track go to the machine in background pixels, so
 * a puzzle shown narrower than its image is scaled back. Remount it (key) for each challenge.
 */
export function SliderCaptcha({ status, challenge, error, loadError, onSolve, onRefresh, onClose }: SliderCaptchaProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  // The drag lives in a ref: several pointer moves or key presses can arrive before React re-renders.
  const drag = useRef<{ startClientX: number; startedAt: number; scale: number; x: number; track: [number, number][] } | null>(null);
  const [x, setX] = useState(0);
  /** Displayed width ÷ image width: the card may be narrower than the puzzle (1 where layout is unknown). */
  const [s, setScale] = useState(1);
  const ready = status === 'ready' && challenge !== null;

  useLayoutEffect(() => {
    if (!challenge) return;
    const measure = () => {
      const shown = stageRef.current?.getBoundingClientRect().width ?? 0;
      setScale(shown > 0 ? shown / challenge.width : 1);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [challenge]);

  const maxX = (scale: number): number => (challenge ? (challenge.width - challenge.pieceSize) * scale : 0);
  const begin = (clientX: number) => {
    drag.current = { startClientX: clientX, startedAt: Date.now(), scale: s, x: 0, track: [[0, 0]] };
  };
  const moveTo = (displayX: number) => {
    const d = drag.current;
    if (!d) return;
    const clamped = Math.min(Math.max(displayX, 0), maxX(d.scale));
    d.x = clamped;
    setX(clamped);
    d.track.push([Math.round(clamped / d.scale), Date.now() - d.startedAt]);
  };
  const release = () => {
    const d = drag.current;
    if (!d || !challenge) return;
    drag.current = null;
    const last = d.track[d.track.length - 1]!;
    d.track.push([last[0], Date.now() - d.startedAt]);
    onSolve({ challengeId: challenge.challengeId, x: last[0], track: d.track });
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (!ready) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    begin(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current) moveTo(e.clientX - drag.current.startClientX);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!ready) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      if (!drag.current) begin(0);
      moveTo(drag.current!.x + (e.key === 'ArrowRight' ? KEY_STEP_PX : -KEY_STEP_PX));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      release();
    }
  };

  const cover = status === 'loading' ? LOGIN_TEXTS.captchaLoading : status === 'verifying' ? LOGIN_TEXTS.captchaVerifying : null;
  return (
    <div className="xt-captcha" role="group" aria-label={LOGIN_TEXTS.captchaTitle} data-testid="slider-captcha" data-status={status}>
      <div className="xt-captcha__head">
        <span>{LOGIN_TEXTS.captchaTitle}</span>
        <span className="xt-captcha__tools">
          <button
            type="button"
            onClick={onRefresh}
            disabled={status === 'loading' || status === 'verifying'}
            aria-label="换一张"
            title="换一张"
            data-testid="captcha-refresh"
          >
            ↻
          </button>
          <button type="button" onClick={onClose} disabled={status === 'verifying'} aria-label="关闭验证" title="关闭" data-testid="captcha-close">
            ×
          </button>
        </span>
      </div>
      <div className="xt-captcha__stage" ref={stageRef} style={challenge ? undefined : { aspectRatio: '2 / 1' }}>
        {challenge && (
          <>
            <img className="xt-captcha__bg" src={challenge.background} alt="" draggable={false} />
            <img
              className="xt-captcha__piece"
              src={challenge.piece}
              alt=""
              draggable={false}
              data-testid="captcha-piece"
              style={{ left: x, top: challenge.pieceY * s, width: challenge.pieceSize * s, height: challenge.pieceSize * s }}
            />
          </>
        )}
        {status === 'loadFailed' && (
          <button type="button" className="xt-captcha__cover xt-linkbtn" onClick={onRefresh}>
            {loadError ? `${LOGIN_TEXTS.captchaLoadFailed}（${loadError}）` : LOGIN_TEXTS.captchaLoadFailed}
          </button>
        )}
        {cover && (
          <div className="xt-captcha__cover" role="status">
            {cover}
          </div>
        )}
      </div>
      <div className="xt-captcha__track">
        <span aria-hidden>{LOGIN_TEXTS.captchaHint}</span>
        <div className="xt-captcha__fill" style={{ width: x + (challenge?.pieceSize ?? CAPTCHA_PIECE_SIZE) * s }} />
        <button
          type="button"
          className="xt-captcha__handle"
          role="slider"
          aria-label={LOGIN_TEXTS.captchaHint}
          aria-valuemin={0}
          aria-valuemax={challenge ? challenge.width - challenge.pieceSize : 0}
          aria-valuenow={Math.round(x / s)}
          disabled={!ready}
          data-testid="slider-handle"
          style={{ left: x, width: (challenge?.pieceSize ?? CAPTCHA_PIECE_SIZE) * s }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={release}
          onPointerCancel={() => {
            drag.current = null;
            setX(0);
          }}
          onKeyDown={onKeyDown}
        >
          →
        </button>
      </div>
      {error && (
        <p className="xt-captcha__error" role="alert" data-testid="captcha-error">
          {error}
        </p>
      )}
    </div>
  );
}
