import { messages, TOAST_MS, UPLOAD_LIST_ANIMATION_MS, UPLOAD_MAX_BYTES } from '@beesang/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotifyProvider } from '../../../lib/notify';
import { imageFile, stubXhr } from '../../../test/fake-xhr';
import { ProfilePhoto } from './profile-photo';

let seen: string[] = [];
function Harness({ error, locked }: { error?: string; locked?: boolean }) {
  const [url, setUrl] = useState('');
  return (
    <NotifyProvider>
      <ProfilePhoto
        value={url}
        error={error}
        locked={locked}
        onChange={(next) => {
          seen.push(next);
          setUrl(next);
        }}
      />
      <output data-testid="url">{url}</output>
    </NotifyProvider>
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
function choose(file: File) {
  act(() => {
    fireEvent.change(fileInput(), { target: { files: [file] } });
  });
}
const act$ = (fn: () => void) => act(fn);
async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
const rows = () => [...document.querySelectorAll('li[data-status]')].map((li) => li.getAttribute('data-status'));
const photo = () => screen.getByRole('img') as HTMLImageElement;

beforeEach(() => {
  vi.useFakeTimers();
  seen = [];
});

describe('ProfilePhoto', () => {
  it('shows the default image and an image-only picker when empty', () => {
    stubXhr();
    render(<Harness />);
    expect(photo().getAttribute('src')).toBe('/default-profile.svg');
    expect(fileInput().accept).toBe('image/*');
    expect(screen.getByRole('button', { name: '사진 추가' })).toBeTruthy();
    expect(rows()).toEqual([]);
  });

  it('uploads in the field "file" with progress, then done at 100 with the URL, toast for 3 s', async () => {
    const xhr = stubXhr();
    render(<Harness />);
    choose(imageFile('me.png'));
    const req = xhr.last();
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/upload/image');
    expect(req.file()?.name).toBe('me.png');
    expect(rows()).toEqual(['uploading']);
    act$(() => req.progress(512, 1024));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText(/업로드 중 50%/)).toBeTruthy();

    act$(() => req.respond(200, { result: { fileUrl: '/uploads/abc.webp' } }));
    await flush();
    expect(rows()).toEqual(['done']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('url').textContent).toBe('/uploads/abc.webp');
    expect(photo().getAttribute('src')).toBe('/uploads/abc.webp');
    expect(screen.getByText(messages.imageUploadDone)).toBeTruthy();
    expect(screen.getByRole('button', { name: '사진 변경' })).toBeTruthy();
    await flush(TOAST_MS);
    expect(screen.queryByText(messages.imageUploadDone)).toBeNull();
  });

  it('shows the error state, the server message and the failure toast', async () => {
    const xhr = stubXhr();
    render(<Harness />);
    choose(imageFile('doc.png'));
    act$(() => xhr.last().respond(415, { message: messages.uploadNotImage, code: 'UNSUPPORTED_MEDIA_TYPE' }));
    await flush();
    expect(rows()).toEqual(['error']);
    expect(screen.getByText(messages.uploadNotImage)).toBeTruthy();
    expect(screen.getByText(messages.imageUploadFailed)).toBeTruthy();
    expect(screen.getByTestId('url').textContent).toBe('');
  });

  it('treats a network failure as an upload failure', async () => {
    const xhr = stubXhr();
    render(<Harness />);
    choose(imageFile());
    act$(() => xhr.last().fail());
    await flush();
    expect(rows()).toEqual(['error']);
    expect(screen.getAllByText(messages.imageUploadFailed).length).toBeGreaterThan(0);
  });

  it('rejects non-images and files over 5 MB before uploading', () => {
    const xhr = stubXhr();
    render(<Harness />);
    choose(new File(['<html></html>'], 'page.html', { type: 'text/html' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.uploadNotImage);
    choose(imageFile('huge.jpg', UPLOAD_MAX_BYTES + 1, 'image/jpeg'));
    expect(screen.getByRole('alert').textContent).toBe(messages.uploadTooLarge);
    expect(xhr.count()).toBe(0);
    expect(rows()).toEqual([]);
  });

  it('keeps one photo: a new file replaces the old one', async () => {
    const xhr = stubXhr();
    render(<Harness />);
    choose(imageFile('first.png'));
    act$(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/first.webp' } }));
    await flush();
    choose(imageFile('second.png'));
    expect(rows()).toEqual(['uploading']);
    expect(screen.queryByText('first.png')).toBeNull();
    expect(screen.getByTestId('url').textContent).toBe('');
    act$(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/second.webp' } }));
    await flush();
    expect(screen.getByTestId('url').textContent).toBe('/uploads/second.webp');
    expect(seen).toEqual(['', '/uploads/first.webp', '', '/uploads/second.webp']);
  });

  it('replacing an upload in flight aborts it and ignores its late answer', async () => {
    const xhr = stubXhr();
    render(<Harness />);
    choose(imageFile('slow.png'));
    const slow = xhr.last();
    choose(imageFile('fast.png'));
    expect(slow.aborted).toBe(true);
    act$(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/fast.webp' } }));
    await flush();
    expect(screen.getByTestId('url').textContent).toBe('/uploads/fast.webp');
    expect(screen.queryByText(messages.imageUploadFailed)).toBeNull();
  });

  it('removes a photo: status removed, fades for 2000 ms, back to the default image', async () => {
    const xhr = stubXhr();
    render(<Harness error={messages.profilePhotoRequired} />);
    choose(imageFile('me.png'));
    act$(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/me.webp' } }));
    await flush();
    act$(() => fireEvent.click(screen.getByRole('button', { name: 'me.png 삭제' })));
    expect(rows()).toEqual(['removed']);
    expect(screen.getByTestId('url').textContent).toBe('');
    expect(photo().getAttribute('src')).toBe('/default-profile.svg');
    expect(screen.getByRole('alert').textContent).toBe(messages.profilePhotoRequired);
    await flush(UPLOAD_LIST_ANIMATION_MS);
    expect(rows()).toEqual([]);
  });

  it('refuses removal while the form is being submitted with the photo, and allows it after', async () => {
    const xhr = stubXhr();
    const view = render(<Harness locked />);
    choose(imageFile('me.png'));
    act$(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/me.webp' } }));
    await flush();
    act$(() => fireEvent.click(screen.getByRole('button', { name: 'me.png 삭제' })));
    expect(rows()).toEqual(['done']);
    expect(screen.getByTestId('url').textContent).toBe('/uploads/me.webp');
    view.rerender(<Harness locked={false} />);
    act$(() => fireEvent.click(screen.getByRole('button', { name: 'me.png 삭제' })));
    expect(rows()).toEqual(['removed']);
    expect(screen.getByTestId('url').textContent).toBe('');
  });
});
