/** /demo-components/upload: the shared image picker (shared/ImageUploader.tsx) in each of its states, and one to try. */
import { useEffect, useRef, useState } from 'react';
import { DEMO_TEXTS } from '../../../domain/site/demoComponents.texts';
import { ImageUploader, type UploadTile } from '../../shared/ImageUploader';
import { DemoPage, DemoSection } from './DemoPage';
import { UPLOAD_DONE, UPLOAD_FULL, UPLOAD_MAX, UPLOAD_UPLOADING, uploadFailed } from './demoFixtures';
import type { RouteViewProps } from '../../../routeTypes';

const T = DEMO_TEXTS.upload;
const ignore = () => {};

/** A fixed state: the picker as the form would show it, its buttons going nowhere. */
function Sample({ tiles, disabled = false }: { tiles: readonly UploadTile[]; disabled?: boolean }) {
  return <ImageUploader label={T.label} hint={T.hint} tiles={tiles} max={UPLOAD_MAX} disabled={disabled} onAdd={ignore} onRemove={ignore} onRetry={ignore} />;
}

/** A working picker: the chosen files preview at once (object URLs), nothing is sent anywhere. */
function TryIt() {
  const [tiles, setTiles] = useState<UploadTile[]>([]);
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  // Object URLs are made and revoked here, outside the state updates (which React may run twice).
  const add = (files: File[]) => {
    const added = files.slice(0, UPLOAD_MAX - tiles.length).map((file, i): UploadTile => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return { id: `${Date.now()}-${i}-${file.name}`, name: file.name, previewUrl: url, status: 'done' };
    });
    setTiles([...tiles, ...added]);
  };
  const remove = (id: string) => {
    const gone = tiles.find((tile) => tile.id === id);
    if (gone) {
      URL.revokeObjectURL(gone.previewUrl);
      urls.current.delete(gone.previewUrl);
    }
    setTiles(tiles.filter((tile) => tile.id !== id));
  };
  return <ImageUploader label={T.label} hint={T.hint} tiles={tiles} max={UPLOAD_MAX} onAdd={add} onRemove={remove} onRetry={ignore} />;
}

export default function DemoUploadView({ route }: RouteViewProps) {
  return (
    <DemoPage title={T.title} routeTitle={route.title}>
      <DemoSection text={T.empty} testId="demo-upload-empty">
        <Sample tiles={[]} />
      </DemoSection>
      <DemoSection text={T.done} testId="demo-upload-done">
        <Sample tiles={UPLOAD_DONE} />
      </DemoSection>
      <DemoSection text={T.uploading} testId="demo-upload-uploading">
        <Sample tiles={UPLOAD_UPLOADING} />
      </DemoSection>
      <DemoSection text={T.failed} testId="demo-upload-failed">
        <Sample tiles={uploadFailed(T.failedError)} />
      </DemoSection>
      <DemoSection text={T.full} testId="demo-upload-full">
        <Sample tiles={UPLOAD_FULL} />
      </DemoSection>
      <DemoSection text={T.disabled} testId="demo-upload-disabled">
        <Sample tiles={UPLOAD_DONE} disabled />
      </DemoSection>
      <DemoSection text={T.tryIt} testId="demo-upload-try">
        <TryIt />
      </DemoSection>
    </DemoPage>
  );
}
