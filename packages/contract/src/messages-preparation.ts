/** Catalogue entries of the preparation and pocket modules (spread into `messages`). */
export const preparationMessages = {
  prepareSuccessful: { en: 'Prepare successful.', 'zh-CN': '准备成功。' },
} as const satisfies Record<string, { en: string; 'zh-CN': string }>;
