// Page strings that scripts write (everything else is in the HTML, in both languages).
import type { Lang } from '../shared/lang';

export interface PageStrings {
  loading: string;
  engineFailed: (msg: string) => string;
  badSeed: string;
  run: string;
  noStorage: string;
  unknownWidget: (w: string, available: string) => string;
}

export const PAGE_STRINGS: Record<Lang, PageStrings> = {
  'zh-CN': {
    loading: '正在加载引擎…',
    engineFailed: (msg) => `引擎加载失败：${msg}`,
    badSeed: '种子须为 0 到 2^64 − 1 之间的整数。',
    run: '运行',
    noStorage: '此框架不允许保存数据：你的进度不会被保留，关闭页面后就会丢失。',
    unknownWidget: (w, available) => `未知的组件“${w}”。可用：${available}。`,
  },
  en: {
    loading: 'Loading the engine…',
    engineFailed: (msg) => `The engine failed to load: ${msg}`,
    badSeed: 'The seed must be a whole number from 0 to 2^64 − 1.',
    run: 'Run',
    noStorage: 'This frame may not store data: your progress will not be kept once the page is closed.',
    unknownWidget: (w, available) => `Unknown widget “${w}”. Available: ${available}.`,
  },
};
