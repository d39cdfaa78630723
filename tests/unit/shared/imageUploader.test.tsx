/**
 * The shared image picker (issue 20; the feedback form uses it): each tile status, the counter and
 * the add tile up to `max`, the disabled control, and the add / remove / retry callbacks.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageUploader, type ImageUploaderProps, type UploadTile } from '../../../src/views/shared/ImageUploader';

const tile = (n: number, status: UploadTile['status'], error?: string): UploadTile => ({
  id: `t${n}`,
  name: `图${n}.png`,
  previewUrl: `/p/${n}.png`,
  status,
  ...(error === undefined ? {} : { error }),
});

function renderUploader(over: Partial<ImageUploaderProps> = {}) {
  const props: ImageUploaderProps = {
    label: '上传图片（选填）',
    hint: '最多4张，每张不超过5MB',
    tiles: [],
    max: 4,
    onAdd: vi.fn(),
    onRemove: vi.fn(),
    onRetry: vi.fn(),
    ...over,
  };
  render(<ImageUploader {...props} />);
  return props;
}

const group = () => screen.getByRole('group', { name: '上传图片（选填）' });
const input = () => screen.getByTestId('upload-input') as HTMLInputElement;

describe('ImageUploader', () => {
  it('starts with the add tile, the counter 0/max, the hint and a multiple-file input for images', () => {
    renderUploader();
    expect(group().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('0/4')).toBeTruthy();
    expect(screen.getByText('最多4张，每张不超过5MB')).toBeTruthy();
    expect(input().multiple).toBe(true);
    expect(input().accept).toBe('image/jpeg,image/png,image/gif,image/webp');
    // The input is named by its label (the add tile), so it is reachable and announced.
    expect(screen.getByLabelText(/添加图片/)).toBe(input());
    expect(input().closest('label')).not.toBeNull();
  });

  it('shows a done tile as a thumbnail with its remove button', () => {
    renderUploader({ tiles: [tile(1, 'done')] });
    const img = screen.getByRole('img', { name: '第1张图片：图1.png' });
    expect(img.getAttribute('src')).toBe('/p/1.png');
    expect(img.getAttribute('width')).toBe('88');
    expect(screen.getByRole('button', { name: '删除第1张图片' })).toBeTruthy();
    expect(screen.queryByText('上传中')).toBeNull();
  });

  it('shows an uploading tile with its spinner and 上传中', () => {
    renderUploader({ tiles: [tile(1, 'done'), tile(2, 'uploading')] });
    const tiles = screen.getAllByTestId('upload-tile');
    expect(tiles[1]!.dataset.status).toBe('uploading');
    expect(within(tiles[1]!).getByRole('status').textContent).toBe('上传中');
    expect(screen.getByText('2/4')).toBeTruthy();
  });

  it('shows a failed tile with its error and 重试; without an error text it says 上传失败', () => {
    const props = renderUploader({ tiles: [tile(1, 'failed', '图片超过5MB'), tile(2, 'failed')] });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['图片超过5MB', '上传失败']);
    expect(screen.getByText('图片超过5MB')).toBeTruthy();
    expect(screen.getByText('上传失败')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '重试' })[1]!);
    expect(props.onRetry).toHaveBeenCalledWith('t2');
  });

  it('removes the tile whose button was pressed, numbered from 1', async () => {
    const props = renderUploader({ tiles: [tile(1, 'done'), tile(2, 'done')] });
    await userEvent.click(screen.getByRole('button', { name: '删除第2张图片' }));
    expect(props.onRemove).toHaveBeenCalledWith('t2');
    expect(props.onRemove).toHaveBeenCalledTimes(1);
  });

  it('hands every picked file to onAdd and empties the input, so the same file can be picked again', async () => {
    const props = renderUploader();
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.jpg', { type: 'image/jpeg' })];
    await userEvent.upload(input(), files);
    expect(props.onAdd).toHaveBeenCalledTimes(1);
    expect(vi.mocked(props.onAdd).mock.calls[0]![0].map((f) => f.name)).toEqual(['a.png', 'b.jpg']);
    expect(input().value).toBe('');
  });

  it('is reached from the keyboard: the file input takes focus by Tab', async () => {
    renderUploader({ tiles: [tile(1, 'done')] });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '删除第1张图片' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(input());
  });

  it('drops the add tile at max and counts max/max', () => {
    renderUploader({ tiles: [tile(1, 'done'), tile(2, 'done'), tile(3, 'uploading'), tile(4, 'failed')] });
    expect(screen.getByText('4/4')).toBeTruthy();
    expect(screen.queryByTestId('upload-input')).toBeNull();
    expect(screen.queryByText('添加图片')).toBeNull();
    expect(screen.getAllByTestId('upload-tile')).toHaveLength(4);
  });

  it('disables the input and every button when disabled, and calls nothing', async () => {
    const props = renderUploader({ tiles: [tile(1, 'done'), tile(2, 'failed', '网络异常')], disabled: true });
    expect(input().disabled).toBe(true);
    const buttons = within(group()).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '删除第1张图片' }));
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await userEvent.upload(input(), new File(['a'], 'a.png', { type: 'image/png' }));
    expect(props.onRemove).not.toHaveBeenCalled();
    expect(props.onRetry).not.toHaveBeenCalled();
    expect(props.onAdd).not.toHaveBeenCalled();
  });

  it('takes another accept list', () => {
    renderUploader({ accept: 'image/png' });
    expect(input().accept).toBe('image/png');
  });
});
