import QRCode from 'qrcode';

let cached: Promise<string> | null = null;

/** The app-install QR code, generated locally once (no external QR service). */
export function appQrSvg(): Promise<string> {
  cached ??= QRCode.toString('https://beesang.kr/app', { type: 'svg', margin: 0, color: { dark: '#191F28', light: '#FFFFFF' } });
  return cached;
}
