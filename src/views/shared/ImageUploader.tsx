/**
 * A controlled multi-image picker: it shows the tiles it is given (uploading, done, failed) and says
 * what the student did (add, remove, retry); the caller uploads and keeps the list. Thumbnails have a
 * fixed size, so a tile changing state or an image arriving moves nothing. Plain elements and CSS
 * (no Fluent): it fits a plain route as well as a Fluent one.
 */
import { useId, type ChangeEvent } from 'react';
import { DEFAULT_IMAGE_ACCEPT, IMAGE_UPLOADER_TEXTS as T } from '../../domain/shared/components.texts';
import './imageUploader.css';

export interface UploadTile {
  id: string;
  name: string;
  previewUrl: string;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

export interface ImageUploaderProps {
  /** The visible label, e.g. '上传图片（选填）'. */
  label: string;
  tiles: readonly UploadTile[];
  /** The add tile disappears at max; a counter "n/max" shows. */
  max: number;
  /** The whole control disabled (e.g. while the form is sending). */
  disabled?: boolean;
  /** Default: JPEG, PNG, GIF and WebP. */
  accept?: string;
  /** e.g. '最多4张，每张不超过5MB'. */
  hint?: string;
  /**
   * Every file the student picked, in order. The picker does not trim them to the room left: the
   * caller keeps at most `max` and can say why it dropped the rest.
   */
  onAdd(files: File[]): void;
  onRemove(id: string): void;
  onRetry(id: string): void;
}

/** The thumbnails' size in CSS pixels (imageUploader.css draws them at this size). */
const THUMB_SIZE = 88;

function Tile({
  tile,
  index,
  disabled,
  onRemove,
  onRetry,
}: {
  tile: UploadTile;
  index: number;
  disabled: boolean;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}) {
  const n = index + 1;
  return (
    <li className={`xt-uploader__tile xt-uploader__tile--${tile.status}`} data-testid="upload-tile" data-status={tile.status}>
      <img className="xt-uploader__thumb" src={tile.previewUrl} alt={T.image(n, tile.name)} width={THUMB_SIZE} height={THUMB_SIZE} />
      {tile.status === 'uploading' && (
        <div className="xt-uploader__overlay" role="status">
          <span className="xt-spinner xt-uploader__spinner" aria-hidden="true" />
          <span>{T.uploading}</span>
        </div>
      )}
      {tile.status === 'failed' && (
        <div className="xt-uploader__overlay xt-uploader__overlay--failed">
          <span className="xt-uploader__error" role="alert">
            {tile.error ?? T.failed}
          </span>
          <button type="button" className="xt-uploader__retry" disabled={disabled} onClick={() => onRetry(tile.id)}>
            {T.retry}
          </button>
        </div>
      )}
      <button type="button" className="xt-uploader__remove" aria-label={T.remove(n)} disabled={disabled} onClick={() => onRemove(tile.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

export function ImageUploader(props: ImageUploaderProps) {
  // The callbacks stay on `props` (the contract declares them as methods): called as props.onAdd(…), never detached.
  const { label, tiles, max, disabled = false, accept = DEFAULT_IMAGE_ACCEPT, hint } = props;
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Emptied, so picking the same file again (after removing it) is still a change.
    event.currentTarget.value = '';
    if (files.length > 0) props.onAdd(files);
  };
  return (
    <div
      className={disabled ? 'xt-uploader xt-uploader--disabled' : 'xt-uploader'}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={hint ? hintId : undefined}
      data-testid="image-uploader"
    >
      <div className="xt-uploader__head">
        <span id={labelId} className="xt-uploader__label">
          {label}
        </span>
        <span className="xt-uploader__count" aria-label={T.countLabel(tiles.length, max)}>
          {T.count(tiles.length, max)}
        </span>
      </div>
      <ul className="xt-uploader__tiles">
        {tiles.map((tile, index) => (
          <Tile key={tile.id} tile={tile} index={index} disabled={disabled} onRemove={(id) => props.onRemove(id)} onRetry={(id) => props.onRetry(id)} />
        ))}
        {tiles.length < max && (
          <li className="xt-uploader__tile">
            <label className="xt-uploader__add">
              <input type="file" multiple accept={accept} disabled={disabled} className="xt-sr-only" onChange={pick} data-testid="upload-input" />
              <span className="xt-uploader__plus" aria-hidden="true">
                +
              </span>
              <span>{T.add}</span>
            </label>
          </li>
        )}
      </ul>
      {hint && (
        <p id={hintId} className="xt-uploader__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
