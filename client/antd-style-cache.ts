import { createContext } from 'react';
import type { createCache } from '@ant-design/cssinjs';

/**
 * The cache _document collects antd's server-rendered styles in. It reaches
 * the pages that use antd through this context, so _app itself (which every
 * page loads) does not import antd.
 */
export const AntdStyleCacheContext = createContext<ReturnType<typeof createCache> | undefined>(undefined);
