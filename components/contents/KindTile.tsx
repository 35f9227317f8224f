import { Image } from 'antd';
import styled from 'styled-components';
import type { ContentItem } from '@/lib/contract/contents';
import { fileHref } from '@/client/http/contents-api';
import { kindColours, kindIcons } from './kinds';

const Tile = styled.span<{ $colour: string; $size: number }>`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  overflow: hidden;
  border-radius: 10px;
  font-size: ${({ $size }) => Math.round($size * 0.45)}px;
  color: ${({ $colour }) => $colour};
  background: ${({ $colour }) => $colour}14;

  img {
    object-fit: cover;
  }
`;

/** The kind's icon on its colour, or the picture itself when there is a thumbnail. */
export function KindTile({ item, size = 40 }: { item: Pick<ContentItem, 'kind' | 'urls'>; size?: number }) {
  const Icon = kindIcons[item.kind];
  return (
    <Tile $colour={kindColours[item.kind]} $size={size} aria-hidden="true">
      {item.urls.thumbnail ? (
        <Image src={fileHref(item.urls.thumbnail)} alt="" preview={false} width={size} height={size} loading="lazy" />
      ) : (
        <Icon />
      )}
    </Tile>
  );
}
