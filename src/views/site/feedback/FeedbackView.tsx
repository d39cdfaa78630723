import { Button, Field, Radio, RadioGroup, Textarea } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useFlow } from '../../../app/AppContext';
import { PAGER_TEXTS } from '../../../domain/catalog/courseList.texts';
import type { Page } from '../../../domain/shared/envelope';
import { formatRelativeTime } from '../../../domain/shared/format';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_IMAGE_MIME_TYPES,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TEXTS as T,
  FEEDBACK_TYPES,
  type FeedbackItem,
  feedbackLength,
  feedbackTypeLabel,
} from '../../../domain/site/feedback';
import { type FeedbackTile, feedbackMachine } from '../../../machines/site/feedback.machine';
import { feedbackListMachine } from '../../../machines/site/feedbackList.machine';
import type { RouteViewProps } from '../../../routeTypes';
import { ImageUploader } from '../../shared/ImageUploader';
import { EmptyState } from '../../shared/LoadState';
import { PageDataBody } from '../../shared/PageDataBody';
import UserCentreLayout from '../../shared/uc/UserCentreLayout';
import { useEmitted } from '../../shared/useEmitted';
import { usePageTitle } from '../../shared/usePageTitle';
import './feedback.css';

/** 意见反馈: the form (feedback.machine) and the student's own feedback below it (feedbackList.machine). */
export default function FeedbackView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const [list, sendList] = useFlow(feedbackListMachine, { input: 1 });
  const page = list.context.params;
  const showPage = (n: number) => sendList({ type: 'PARAMS_CHANGED', params: n });
  return (
    <UserCentreLayout title={T.title}>
      <FeedbackForm onSent={() => (page === 1 ? sendList({ type: 'RELOAD' }) : showPage(1))} />
      <section className="xt-feedback__mine" aria-labelledby="feedback-mine-title">
        <h2 id="feedback-mine-title" className="xt-feedback__heading">
          {T.listTitle}
        </h2>
        <PageDataBody page={list} onRetry={() => sendList({ type: 'RETRY' })} empty={<EmptyState message={T.listEmpty} />}>
          {(data) => <FeedbackList page={data} onPage={showPage} />}
        </PageDataBody>
      </section>
    </UserCentreLayout>
  );
}

/**
 * The object URLs of the picked images: made here (the machine has no DOM), revoked once their tile
 * is gone (removed, or the form sent) and when the page closes.
 */
function usePreviewUrls(tiles: readonly FeedbackTile[]): (file: File) => string {
  const made = useRef(new Set<string>());
  useEffect(() => {
    const live = new Set(tiles.map((t) => t.previewUrl));
    for (const url of made.current) {
      if (!live.has(url)) {
        URL.revokeObjectURL(url);
        made.current.delete(url);
      }
    }
  }, [tiles]);
  useEffect(() => {
    const urls = made.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);
  return (file) => {
    const url = URL.createObjectURL(file);
    made.current.add(url);
    return url;
  };
}

function FeedbackForm({ onSent }: { onSent: () => void }) {
  const [snapshot, send, actor] = useFlow(feedbackMachine);
  useEmitted(actor, 'sent', onSent);
  const { context } = snapshot;
  const sending = snapshot.matches('sending');
  const previewOf = usePreviewUrls(context.tiles);

  if (snapshot.matches('sent')) {
    return (
      <div className="xt-feedback__sent" role="status" data-testid="feedback-sent">
        <p>{T.sent}</p>
        <Button appearance="primary" onClick={() => send({ type: 'AGAIN' })}>
          {T.again}
        </Button>
      </div>
    );
  }
  const length = feedbackLength(context.content);
  return (
    <form
      className="xt-form xt-feedback__form"
      noValidate
      aria-label={T.title}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <p className="xt-feedback__intro">{T.intro}</p>
      <Field label={T.typeLabel} required validationMessage={context.typeError ?? undefined}>
        <RadioGroup
          layout="horizontal"
          className="xt-feedback__types"
          value={context.type === null ? '' : String(context.type)}
          onChange={(_, data) => send({ type: 'SET_TYPE', value: Number(data.value) })}
        >
          {FEEDBACK_TYPES.map((t) => (
            <Radio key={t.value} value={String(t.value)} label={t.label} disabled={sending} />
          ))}
        </RadioGroup>
      </Field>
      <Field
        label={T.contentLabel}
        required
        validationMessage={context.contentError ?? undefined}
        hint={
          <span
            className={length > FEEDBACK_CONTENT_MAX ? 'xt-feedback__count xt-feedback__count--over' : 'xt-feedback__count'}
          >{`${length}/${FEEDBACK_CONTENT_MAX}`}</span>
        }
      >
        <Textarea
          value={context.content}
          placeholder={T.contentPlaceholder}
          resize="vertical"
          rows={5}
          disabled={sending}
          onChange={(_, data) => send({ type: 'EDIT', value: data.value })}
        />
      </Field>
      <div className="xt-feedback__images">
        <ImageUploader
          label={T.imagesLabel}
          hint={T.imagesHint}
          max={FEEDBACK_IMAGES_MAX}
          accept={FEEDBACK_IMAGE_MIME_TYPES.join(',')}
          disabled={sending}
          tiles={context.tiles.map(({ id, name, previewUrl, status, error }) => ({ id, name, previewUrl, status, ...(error ? { error } : {}) }))}
          onAdd={(files) => send({ type: 'ADD_FILES', files: files.map((file) => ({ file, previewUrl: previewOf(file) })) })}
          onRemove={(id) => send({ type: 'REMOVE', id })}
          onRetry={(id) => send({ type: 'RETRY', id })}
        />
        {context.imagesError && (
          <p className="xt-error-text" role="alert" data-testid="feedback-images-error">
            {context.imagesError}
          </p>
        )}
      </div>
      {context.sendError && (
        <p className="xt-error-text" role="alert" data-testid="feedback-send-error">
          {context.sendError}
        </p>
      )}
      <div className="xt-form__actions">
        <Button type="submit" appearance="primary" disabled={sending}>
          {sending ? T.sending : T.submit}
        </Button>
      </div>
    </form>
  );
}

function FeedbackList({ page, onPage }: { page: Page<FeedbackItem>; onPage: (n: number) => void }) {
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  return (
    <>
      <ul className="xt-feedback__list" data-testid="feedback-list">
        {page.records.map((item) => (
          <li key={item.id} className="xt-feedback__item" data-testid="feedback-item">
            <div className="xt-feedback__meta">
              <span className="xt-feedback__type">{feedbackTypeLabel(item.type)}</span>
              <span className={item.status === 'REPLIED' ? 'xt-feedback__status xt-feedback__status--replied' : 'xt-feedback__status'}>
                {item.status === 'REPLIED' ? T.statusReplied : T.statusPending}
              </span>
              <time dateTime={item.createdAt}>{formatRelativeTime(item.createdAt)}</time>
            </div>
            <p className="xt-feedback__content">{item.content}</p>
            {item.images.length > 0 && (
              <ul className="xt-feedback__thumbs">
                {item.images.map((url, i) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      <img src={url} alt={T.imageAlt(i + 1)} width={64} height={64} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {item.reply && (
              <div className="xt-feedback__reply" data-testid="feedback-reply">
                <strong>{T.replyLabel}</strong>
                <p>{item.reply}</p>
                {item.repliedAt && <time dateTime={item.repliedAt}>{formatRelativeTime(item.repliedAt)}</time>}
              </div>
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="xt-feedback__pager" aria-label={PAGER_TEXTS.label}>
          <button type="button" className="xt-btn" disabled={page.current <= 1} onClick={() => onPage(page.current - 1)}>
            {PAGER_TEXTS.previous}
          </button>
          <span>{`${page.current} / ${pages}`}</span>
          <button type="button" className="xt-btn" disabled={page.current >= pages} onClick={() => onPage(page.current + 1)}>
            {PAGER_TEXTS.next}
          </button>
        </nav>
      )}
    </>
  );
}
