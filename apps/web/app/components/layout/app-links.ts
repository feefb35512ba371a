export const APP_STORE_URL = 'https://apps.apple.com/kr/app/id0000000000';
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=kr.beesang.app';
