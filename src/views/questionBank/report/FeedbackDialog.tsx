/**
 * 纠错: what is wrong with a question (a kind and the student's words, ≤ 500 characters), then the
 * server's thanks. A plain overlay with the house's modal focus (useModalFocus), like ConfirmDialog.
 */
import { useId, useRef } from 'react';
import { DIALOG_WIDTHS } from '../../../domain/shared/constants';
import { FEEDBACK_KIND_LABELS, FEEDBACK_KINDS, FEEDBACK_MAX_LENGTH, type FeedbackKind } from '../../../domain/questionBank/limits';
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';
import type { FeedbackDraft } from '../../../machines/questionBank/analysis.machine';
import { useModalFocus } from '../../shared/useModalFocus';
import '../../shared/dialog.css';

export function FeedbackDialog(props: {
  draft: FeedbackDraft;
  error: string | null;
  sending: boolean;
  thanks: string | null;
  onEdit: (change: { kind?: FeedbackKind; content?: string }) => void;
  onSend: () => void;
  onClose: () => void;
}) {
  const { draft, error, sending, thanks, onEdit, onSend, onClose } = props;
  const titleId = useId();
  const contentId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const modalFocus = useModalFocus(dialogRef, { onEscape: () => !sending && onClose() });
  return (
    <div className="xt-overlay" {...modalFocus}>
      <div ref={dialogRef} className="xt-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ width: DIALOG_WIDTHS.small }}>
        <h2 className="xt-dialog__title" id={titleId}>
          {REPORT_TEXTS.feedbackTitle}
        </h2>
        {thanks ? (
          <>
            <p className="xt-dialog__body" role="status">
              {thanks}
            </p>
            <div className="xt-dialog__actions">
              <button type="button" className="xt-btn xt-btn--primary" onClick={onClose}>
                关闭
              </button>
            </div>
          </>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onSend();
            }}
          >
            <fieldset className="xt-report__kinds" disabled={sending}>
              <legend>{REPORT_TEXTS.feedbackKind}</legend>
              {FEEDBACK_KINDS.map((kind) => (
                <label key={kind} className="xt-report__kind">
                  <input type="radio" name="feedback-kind" value={kind} checked={draft.kind === kind} onChange={() => onEdit({ kind })} />
                  {FEEDBACK_KIND_LABELS[kind]}
                </label>
              ))}
            </fieldset>
            <label htmlFor={contentId} className="xt-report__mark-label">
              {REPORT_TEXTS.feedbackContent}
            </label>
            <textarea
              id={contentId}
              className="xt-report__textarea"
              rows={5}
              maxLength={FEEDBACK_MAX_LENGTH}
              value={draft.content}
              disabled={sending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${contentId}-error` : undefined}
              onChange={(e) => onEdit({ content: e.target.value })}
            />
            <span className="xt-report__count">
              {draft.content.length}/{FEEDBACK_MAX_LENGTH}
            </span>
            {error && (
              <p className="xt-report__problem" id={`${contentId}-error`} role="alert">
                {error}
              </p>
            )}
            <div className="xt-dialog__actions">
              <button type="button" className="xt-btn" onClick={onClose} disabled={sending}>
                取消
              </button>
              <button type="submit" className="xt-btn xt-btn--primary" disabled={sending}>
                {sending ? '提交中…' : REPORT_TEXTS.feedbackSend}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
