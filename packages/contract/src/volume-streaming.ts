/**
 * Volume streaming of a project's own CCP4/MRC maps through Mol*'s volume server, run by our
 * server (issue 12 point 7). Mol*'s client builds `${server}/${source}/${id}` (header),
 * `.../box/a1,a2,a3/b1,b2,b3?detail=n` and `.../cell?detail=n` (BinaryCIF); our server is
 * `/v1/projects/{projectId}/volume-server`, the source `em` (one map, one channel) and the id the file id.
 */
export const VOLUME_STREAMING = {
  /** The one source our server packs: a single map is Mol*'s 'em' kind (x-ray needs 2Fo-Fc and Fo-Fc maps). */
  source: 'em',
  /** Largest map packed (bytes of the CCP4/MRC file). */
  maxMapBytes: 256 * 1024 * 1024,
} as const;

/** Med View's streaming server address for a project (relative to the page's origin). */
export function volumeServerPath(projectId: number): string {
  return `/v1/projects/${projectId}/volume-server`;
}

export const volumeStreamingMessages = {
  volumeStreamingNotMap: {
    en: 'The file {name} cannot be streamed: only CCP4/MRC maps can ({detail}).',
    'zh-CN': '文件 {name} 无法流式加载：仅支持 CCP4/MRC 密度图（{detail}）。',
  },
  volumeStreamingTooLarge: {
    en: 'The map {name} is too large to stream: {size} MB (at most {max} MB).',
    'zh-CN': '密度图 {name} 过大，无法流式加载：{size} MB（最多 {max} MB）。',
  },
  volumeStreamingNoSource: {
    en: "No streaming data of kind '{source}': project maps stream as 'em'.",
    'zh-CN': '没有类型为“{source}”的流式数据：项目密度图以“em”类型流式加载。',
  },
  volumeStreamingBadBox: {
    en: 'Invalid box: {detail}',
    'zh-CN': '无效的盒子：{detail}',
  },
  volumeStreamingFailed: {
    en: 'The map could not be streamed: {detail}',
    'zh-CN': '无法流式加载密度图：{detail}',
  },
} as const;
