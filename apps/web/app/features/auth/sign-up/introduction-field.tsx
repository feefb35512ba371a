import { INTRODUCTION_MAX } from '@beesang/contract';
import { useId } from 'react';

/** Optional introduction with a live character counter (spec §2: 500 max). */
export function IntroductionField({ value, onChange, error }: { value: string; onChange(value: string): void; error?: string }) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink-2">
        자기소개 <span className="font-normal text-ink-3">(선택)</span>
      </label>
      <textarea
        id={id}
        rows={4}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[counterId, error ? errorId : ''].filter(Boolean).join(' ')}
        placeholder="활동 분야와 경력을 소개해주세요."
        className={`block w-full resize-none rounded-control border bg-white p-3 text-[16px] placeholder:text-ink-3 ${
          error ? 'border-danger' : 'border-line focus:border-brand'
        }`}
      />
      <p id={counterId} className={`num mt-1 text-right text-xs ${value.length > INTRODUCTION_MAX ? 'text-danger' : 'text-ink-3'}`}>
        {value.length}/{INTRODUCTION_MAX}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
