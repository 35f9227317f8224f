import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import { ContactsOutlined, FileAddOutlined, FolderOpenOutlined, SearchOutlined, TableOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Badge, Button, Input, Segmented, Select, Skeleton } from 'antd';
import styled from 'styled-components';
import { breakpoints, theme } from '@/lib/constants';
import { contentKinds, contentSorts, type ContentItem, type ContentKind, type ContentListFilters, type ContentSort } from '@/lib/contract/contents';
import type { Space } from '@/lib/contract/spaces';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { contentsApi } from '@/client/http/contents-api';
import { getDraft } from '@/store/drafts';
import { EmptyState } from '@/components/common/EmptyState';
import { LoadFailure } from '@/components/common/LoadFailure';
import { LoadMore } from '@/components/ui/LoadMore';
import { NewTableDialog } from '@/components/records/table/NewTableDialog';
import { recordTablePath } from '@/components/records/table/paths';
import { Panel } from '@/components/ui/Panel';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { ContactFormModal } from './ContactFormModal';
import { ContentRow, type ContentRowActions } from './ContentRow';
import { kindIcons, kindPluralLabels, sortLabels } from './kinds';
import { NoteEditor, noteDraftId } from './NoteEditor';
import { focusKey, type PreviewFocus } from './preview/focus';
import { RenameModal } from './RenameModal';
import { resultAddress, resultFocus } from './search/resultAddress';
import { SpaceSearchResults } from './search/SpaceSearchResults';
import { useLiveContents } from './useLiveContents';
import { useUploadQueue } from './useUploadQueue';

// The preview drawer (a reader per kind) and the upload window are fetched after the space's page has
// drawn, not with it, so opening a space is quicker. React.lazy rather than next/dynamic, whose loader
// would join every page's first load.
const ContentPreview = lazy(() => import('./preview/ContentPreview').then((m) => ({ default: m.ContentPreview })));
const UploadModal = lazy(() => import('./UploadModal').then((m) => ({ default: m.UploadModal })));

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
`;

const Toolbar = styled.div`
  display: grid;
  gap: 10px;
  margin-bottom: 12px;

  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: minmax(0, 1fr) 160px;
  }
`;

// On a phone the kinds scroll sideways, the last ones fading out so it shows there is more (the padding lets the
// last one scroll clear of the fade); on wider screens they wrap onto a second line rather than being cut off.
const KindFilter = styled.div`
  margin-bottom: 12px;
  padding-inline-end: 32px;
  overflow-x: auto;
  scrollbar-width: none;
  mask-image: linear-gradient(to right, black calc(100% - 32px), transparent);

  @media (min-width: ${breakpoints.sm}px) {
    padding-inline-end: 0;
    overflow-x: visible;
    mask-image: none;

    .ant-segmented-group {
      flex-wrap: wrap;
    }
  }
`;

const Gallery = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: 12px;
`;

const Count = styled.p`
  margin: 0 0 4px;
  font-size: 13px;
  color: ${colors.textSecondary};
`;

type KindChoice = ContentKind | 'all';

/** "3 items", or while searching "3 names match": the list shows the items whose name matches. */
function countLabel(count: number, searching: boolean): string {
  if (searching) return count === 1 ? '1 name matches' : `${count} names match`;
  return count === 1 ? '1 item' : `${count} items`;
}

interface ContentAreaProps {
  space: Space;
  /** An item to preview on arrival (a search result's link). */
  initialPreviewId?: string | null;
  /** Where that item opens (a search result's passage). */
  initialFocus?: PreviewFocus | null;
  /** Told which item is previewed (null when none) and where, to keep it in the address. */
  onPreviewChange?: (id: string | null, focus: PreviewFocus | null) => void;
}

/**
 * What a space holds: searchable, filtered by kind, sorted, ten at a time,
 * with live processing status. Editors and owners upload, write notes, add
 * contacts, rename and delete; everyone previews and downloads.
 */
export function ContentArea({ space, initialPreviewId = null, initialFocus = null, onPreviewChange }: ContentAreaProps) {
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<KindChoice>('all');
  const [sort, setSort] = useState<ContentSort>('newest');
  const term = useDebouncedValue(search.trim());
  const filters: ContentListFilters = { sort, ...(kind !== 'all' ? { kind } : {}), ...(term ? { search: term } : {}) };
  const live = useLiveContents(space.id, filters);
  const queue = useUploadQueue(space.id, live.add);

  const { add_content: mayAdd } = space.abilities;

  const [uploading, setUploading] = useState(false);
  const [addingContact, setAddingContact] = useState(false);
  const [note, setNote] = useState<{ item: ContentItem | null } | null>(null);
  const [renaming, setRenaming] = useState<ContentItem | null>(null);
  // A new record table: empty, or made from an uploaded file (`from`).
  const [newTable, setNewTable] = useState<{ from: ContentItem | null } | null>(null);
  const router = useRouter();
  const [hasNoteDraft, setHasNoteDraft] = useState(() => getDraft(noteDraftId(space.id, null)) !== null);

  const [previewId, setPreviewId] = useState<string | null>(initialPreviewId);
  const [focus, setFocus] = useState<PreviewFocus | null>(initialFocus);
  const arrivalKey = `${initialPreviewId}|${focusKey(initialFocus)}`;
  const [arrival, setArrival] = useState(arrivalKey);
  if (arrival !== arrivalKey) {
    // Another search result of this space was followed.
    setArrival(arrivalKey);
    setPreviewId(initialPreviewId);
    setFocus(initialFocus);
  }
  const [missing, setMissing] = useState<string | null>(null);
  const previewed = previewId ? live.latest(previewId) : undefined;
  const preview = (id: string | null, at: PreviewFocus | null = null) => {
    setPreviewId(id);
    setFocus(at);
    setMissing(null);
    onPreviewChange?.(id, at);
  };

  // A record table named by an address (a recent item, a shared link) opens as its own page, not in the preview.
  const tableOpened = previewed?.source === 'records' ? previewed.id : null;
  useEffect(() => {
    if (tableOpened) void router.replace(recordTablePath(space.id, tableOpened));
  }, [tableOpened, space.id, router]);

  // An item opened by its address may be on a later page, or filtered out: fetch it on its own.
  const { update } = live;
  const unlisted = previewId && !previewed && live.state !== 'loading' ? previewId : null;
  useEffect(() => {
    if (!unlisted) return;
    let current = true;
    contentsApi.get(space.id, unlisted).then(
      ({ data }) => current && update(data),
      (e: unknown) => {
        if (!current) return;
        setMissing(`We could not open that item. ${errorMessage(e)}`);
        setPreviewId(null);
      },
    );
    return () => {
      current = false;
    };
  }, [unlisted, space.id, update]);

  const editNote = (item: ContentItem) => setNote({ item });
  // Each row offers these as its item's abilities allow.
  const actions: ContentRowActions = {
    // A record table opens as a page of its own.
    open: (item) => (item.source === 'records' ? void router.push(recordTablePath(space.id, item.id)) : preview(item.id)),
    rename: setRenaming,
    editNote,
    remove: async (item) => {
      await contentsApi.remove(space.id, item.id);
      live.remove(item.id);
      if (previewId === item.id) preview(null);
      void message.success(`${item.name} is deleted.`);
    },
    ...(mayAdd ? { turnIntoTable: (item: ContentItem) => setNewTable({ from: item }) } : {}),
  };

  const closeNote = useCallback(() => {
    setNote(null);
    setHasNoteDraft(getDraft(noteDraftId(space.id, null)) !== null);
  }, [space.id]);

  const filtered = kind !== 'all' || Boolean(term);
  // The search inside content leaves out what the list of names already shows, so each item appears once.
  const listedIds = useMemo(() => new Set(live.items.map((item) => item.id)), [live.items]);
  const nothingYet = live.state === 'ready' && live.items.length === 0 && !filtered;

  const addButtons = mayAdd && (
    <Actions>
      <Button icon={<FileAddOutlined aria-hidden />} onClick={() => setNote({ item: null })}>
        {hasNoteDraft ? 'Continue note' : 'New note'}
      </Button>
      <Button icon={<ContactsOutlined aria-hidden />} onClick={() => setAddingContact(true)}>
        Add contact
      </Button>
      <Button icon={<TableOutlined aria-hidden />} onClick={() => setNewTable({ from: null })}>
        New record table
      </Button>
      <Badge count={queue.active} size="small" color={theme.primaryColor} title={`${queue.active} uploading`}>
        <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setUploading(true)}>
          Upload
        </Button>
      </Badge>
    </Actions>
  );

  return (
    <Panel title="Content" aside={addButtons} id="content">
      {!nothingYet && (
        <>
          <Toolbar>
            <Input
              aria-label="Search this space"
              placeholder="Search this space"
              prefix={<SearchOutlined aria-hidden />}
              allowClear
              maxLength={100}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Select<ContentSort>
              aria-label="Sort"
              value={sort}
              onChange={setSort}
              options={contentSorts.map((value) => ({ value, label: sortLabels[value] }))}
            />
          </Toolbar>
          <KindFilter>
            <Segmented<KindChoice>
              aria-label="Kind filter"
              value={kind}
              onChange={setKind}
              options={[
                { value: 'all', label: 'All' },
                ...contentKinds.map((value) => {
                  const Icon = kindIcons[value];
                  return { value, label: kindPluralLabels[value], icon: <Icon aria-hidden /> };
                }),
              ]}
            />
          </KindFilter>
        </>
      )}
      {missing && <Alert type="error" showIcon title={missing} closable onClose={() => setMissing(null)} style={{ marginBottom: 12 }} />}
      {live.state === 'loading' && (
        <div aria-busy="true">
          <Skeleton active avatar paragraph={{ rows: 1 }} />
          <Skeleton active avatar paragraph={{ rows: 1 }} />
        </div>
      )}
      {live.state === 'failed' && (
        <LoadFailure message="We could not load the content." error={live.error} onRetry={live.reload} />
      )}
      {nothingYet && (
        <EmptyState
          icon={<FolderOpenOutlined />}
          title="Nothing here yet"
          action={
            mayAdd && (
              <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setUploading(true)}>
                Upload files
              </Button>
            )
          }
        >
          Documents, tables, emails, contacts, images and media of this space appear here, searchable and previewed in place.
          {mayAdd
            ? ' Upload the first files or write a note.'
            : space.archived_at
              ? ' Nothing was added before it was archived.'
              : ' Editors and owners of the space can add them.'}
        </EmptyState>
      )}
      {live.state === 'ready' && live.items.length === 0 && filtered && (
        <EmptyState title="No content matches">
          {term ? 'No names match that search.' : 'Nothing of this kind yet.'} Try another search or kind.
        </EmptyState>
      )}
      {live.state === 'ready' && live.items.length > 0 && (
        <>
          <Count>{countLabel(live.count, Boolean(term))}</Count>
          {kind === 'image' ? (
            <Gallery role="list" aria-label="Content of this space">
              {live.items.map((item) => (
                <ContentRow key={item.id} item={item} actions={actions} layout="tile" />
              ))}
            </Gallery>
          ) : (
            <div role="list" aria-label="Content of this space">
              {live.items.map((item) => (
                <ContentRow key={item.id} item={item} actions={actions} />
              ))}
            </div>
          )}
        </>
      )}
      <LoadMore list={live} />
      {term && (
        <SpaceSearchResults
          spaceId={space.id}
          term={term}
          listed={listedIds}
          onOpen={(result) =>
            result.content.source === 'records' ? void router.push(resultAddress(result, term)) : preview(result.content.id, resultFocus(result, term))
          }
        />
      )}

      {/* One boundary each: a part still loading must not hide another that is open. */}
      <Suspense fallback={null}>
        <ContentPreview
          item={previewed && !tableOpened ? previewed : null}
          focus={focus}
          onClose={() => preview(null)}
          onEditNote={editNote}
          siblings={live.items}
          onMove={(item) => preview(item.id)}
        />
      </Suspense>
      {mayAdd && (
        <Suspense fallback={null}>
          <UploadModal open={uploading} onClose={() => setUploading(false)} queue={queue} />
        </Suspense>
      )}
      {mayAdd && (
        <ContactFormModal
          spaceId={space.id}
          open={addingContact}
          onClose={() => setAddingContact(false)}
          onCreated={(item) => {
            setAddingContact(false);
            live.add(item);
            void message.success(`${item.name} is added.`);
          }}
        />
      )}
      <NoteEditor
        spaceId={space.id}
        open={note !== null}
        note={note?.item ?? null}
        onClose={closeNote}
        onUploaded={live.add}
        onSaved={(item, created) => {
          if (created) live.add(item);
          else live.update(item);
          closeNote();
          void message.success(created ? `${item.name} is saved.` : 'Note saved.');
        }}
      />
      {mayAdd && <NewTableDialog spaceId={space.id} open={newTable !== null} from={newTable?.from ?? null} onClose={() => setNewTable(null)} />}
      <RenameModal
        item={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(item) => {
          live.update(item);
          setRenaming(null);
          void message.success('Renamed.');
        }}
      />
    </Panel>
  );
}
