import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import { App, Input, Modal, type InputRef } from 'antd';
import {
  ArrowRightOutlined, ClockCircleOutlined, FileTextOutlined, LockOutlined, PlusOutlined, SearchOutlined, StarFilled,
  VideoCameraAddOutlined,
} from '@ant-design/icons';
import styled from 'styled-components';
import { SEARCH_QUERY_MAX } from '@/lib/contract/search-limits';
import type { RecentContent } from '@/lib/contract/home';
import { colors } from '@/lib/palette';
import { errorMessage } from '@/client/http/clients';
import { homeApi } from '@/client/http/home-api';
import { meetingsApi } from '@/client/http/meetings-api';
import { useAuthStore } from '@/store/auth';
import { resultAddress } from '../contents/search/resultAddress';
import { useSearch } from '../contents/search/useSearch';
import { useDebouncedValue } from '@/components/ui/useDebouncedValue';
import { optionId } from '@/components/layout/searchSuggestions';
import type { CommandPaletteProps } from '@/components/layout/shellParts';
import { destinations } from '@/components/layout/Sidebar';
import { groupSpaces, useSidebarSpaces } from '@/components/layout/sidebarSpaces';

/** Quick enough to follow the typing; as the header's suggestions. */
const SEARCH_DELAY_MS = 150;
const SPACES_SHOWN = 6;
const RESULTS_SHOWN = 5;
const RECENT_SHOWN = 5;

const Body = styled.div`
  .ant-input-affix-wrapper {
    padding: 12px 14px;
    font-size: 16px;
  }

  [role='listbox'] {
    max-height: min(420px, 60vh);
    margin-top: 8px;
    overflow-y: auto;
  }

  .group-title {
    margin: 10px 10px 4px;
    font-size: 12px;
    font-weight: 600;
    color: ${colors.textSecondary};
  }

  [role='option'] {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 38px;
    padding: 8px 10px;
    border-radius: 8px;
    color: ${colors.text};
    cursor: pointer;
  }

  [role='option'][aria-selected='true'] {
    background: ${colors.primaryBg};
    color: ${colors.primaryText};
  }

  [role='option'] .anticon {
    flex: none;
    color: ${colors.textSecondary};
  }

  .name {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .hint {
    flex: none;
    max-width: 40%;
    overflow: hidden;
    font-size: 12px;
    color: ${colors.textSecondary};
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .state {
    margin: 12px 10px;
    color: ${colors.textSecondary};
  }

  .keys {
    margin: 10px 4px 0;
    font-size: 12px;
    color: ${colors.textSecondary};
  }
`;

interface Command {
  key: string;
  group: string;
  label: string;
  hint?: string;
  icon: ReactNode;
  run(): void;
}

/**
 * ⌘K / Ctrl-K: one box to jump to a space, a recent item or a page, search
 * the hub as one types, start a meeting or create a space. A combobox over a
 * listbox: the arrows choose, Enter runs, Escape closes.
 */
export function CommandPalette({ open, onClose, onNewSpace }: CommandPaletteProps) {
  const router = useRouter();
  const { message } = App.useApp();
  const hub = useAuthStore((s) => s.user?.active_organization);
  const spaces = useSidebarSpaces((s) => s.spaces);
  const loadSpaces = useSidebarSpaces((s) => s.load);
  const listId = useId();
  const input = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<RecentContent[]>([]);
  const typed = value.trim();
  const term = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const results = useSearch({ q: term }, hub?.domain_handle);

  // On a phone the side bar (which loads the spaces) stays closed, so the palette asks for them itself.
  useEffect(() => {
    if (open && hub) loadSpaces(hub.domain_handle);
  }, [open, hub, loadSpaces]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    homeApi.get().then(({ data }) => live && setRecent(data.recent_contents.slice(0, RECENT_SHOWN)), () => undefined);
    return () => {
      live = false;
    };
  }, [open]);

  const go = (address: string) => {
    onClose();
    void router.push(address);
  };
  const startMeeting = async () => {
    onClose();
    try {
      const { data } = await meetingsApi.create({});
      await router.push(`/meet/${data.code}`);
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  const needle = typed.toLowerCase();
  const matches = (label: string) => label.toLowerCase().includes(needle);
  const { starred, recent: lastOpened, rest } = groupSpaces(spaces);
  const spaceCommands: Command[] = (typed ? spaces.filter((s) => matches(s.name)) : [...starred, ...lastOpened, ...rest])
    .slice(0, SPACES_SHOWN)
    .map((space) => ({
      key: `space:${space.id}`,
      group: 'Spaces',
      label: space.name,
      hint: space.starred ? 'Starred' : undefined,
      icon: space.starred ? <StarFilled /> : space.visibility === 'private' ? <LockOutlined /> : <ArrowRightOutlined />,
      run: () => go(`/spaces/${encodeURIComponent(space.id)}`),
    }));
  const searched = typed && term === typed && results.state === 'ready' ? results.items.slice(0, RESULTS_SHOWN) : [];
  const contentCommands: Command[] = typed
    ? searched.map((result) => ({
      key: `result:${result.content.id}`,
      group: 'Search results',
      label: result.content.name,
      hint: result.space.name,
      icon: <FileTextOutlined />,
      run: () => go(resultAddress(result, term)),
    }))
    : recent.map((item) => ({
      key: `recent:${item.id}`,
      group: 'Recent items',
      label: item.name,
      hint: item.space.name,
      icon: <ClockCircleOutlined />,
      run: () => go(`/spaces/${encodeURIComponent(item.space.id)}?content=${encodeURIComponent(item.id)}`),
    }));
  const actions: Command[] = [
    ...(typed ? [{
      key: 'search', label: `Search for “${typed}”`, icon: <SearchOutlined />,
      run: () => go(`/search?q=${encodeURIComponent(typed)}`),
    }] : []),
    { key: 'meeting', label: 'Start a meeting', icon: <VideoCameraAddOutlined />, run: () => void startMeeting() },
    ...(hub?.abilities.create_space ? [{
      key: 'new-space', label: 'New space', icon: <PlusOutlined />,
      run: () => {
        onClose();
        onNewSpace();
      },
    }] : []),
    ...destinations.map(({ href, label, icon }) => ({ key: `page:${href}`, label: `Go to ${label}`, icon, run: () => go(href) })),
  ]
    .filter((action) => action.key === 'search' || matches(action.label))
    .map((action) => ({ ...action, group: 'Actions' }));

  const commands = [...spaceCommands, ...contentCommands, ...actions];
  const chosen = Math.min(active, commands.length - 1);
  const groups = [...new Set(commands.map((c) => c.group))];

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step && commands.length > 0) {
      e.preventDefault();
      const next = (chosen + step + commands.length) % commands.length;
      setActive(next);
      document.getElementById(optionId(listId, next))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && commands[chosen]) {
      e.preventDefault();
      commands[chosen].run();
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      title={null}
      width={600}
      style={{ top: '12vh' }}
      destroyOnHidden
      afterOpenChange={(visible) => visible && input.current?.focus()}
      afterClose={() => {
        setValue('');
        setActive(0);
      }}
      aria-label="Command palette"
    >
      <Body>
        <Input
          ref={input}
          autoFocus
          variant="borderless"
          role="combobox"
          aria-label="Search or jump to"
          aria-autocomplete="list"
          aria-expanded
          aria-controls={listId}
          aria-activedescendant={commands.length > 0 ? optionId(listId, chosen) : undefined}
          placeholder="Jump to a space, search, or run an action…"
          prefix={<SearchOutlined aria-hidden />}
          maxLength={SEARCH_QUERY_MAX}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label="Commands">
          {groups.map((group) => (
            <div key={group} role="group" aria-label={group}>
              <div className="group-title" aria-hidden>
                {group}
              </div>
              {commands.map((command, i) => command.group === group && (
                <div
                  key={command.key}
                  id={optionId(listId, i)}
                  role="option"
                  aria-selected={i === chosen}
                  onMouseMove={() => i !== chosen && setActive(i)}
                  // Keeps the focus in the box.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={command.run}
                >
                  <span aria-hidden>{command.icon}</span>
                  <span className="name">{command.label}</span>
                  {command.hint && <span className="hint">{command.hint}</span>}
                </div>
              ))}
            </div>
          ))}
        </div>
        {typed && (term !== typed || results.state === 'loading') && <p className="state" role="status">Searching…</p>}
        <p className="keys" aria-hidden>
          ↑ ↓ to choose · Enter to open · Esc to close
        </p>
      </Body>
    </Modal>
  );
}
