import { useEffect, useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Result, Select, Space, Steps, Table, Upload } from 'antd';
import styled from 'styled-components';
import { MAX_UPLOAD_BYTES } from '@/lib/contract/contents';
import { IMPORT_KEEP_MINUTES, IMPORT_PROGRESS_POLL_MS, type ImportPreview, type ImportProgress, type ImportReport } from '@/lib/contract/records';
import type { TemplateField } from '@/lib/contract/templates';
import { colors } from '@/lib/palette';
import { errorMessage, statusOf } from '@/client/http/clients';
import { recordsApi } from '@/client/http/records-api';
import { formatBytes } from '@/lib/format-bytes';

const EXTENSIONS = ['csv', 'tsv', 'xlsx'];
const MAX_BYTES = MAX_UPLOAD_BYTES.table;

const Mapping = styled.div`
  display: grid;
  gap: 12px;

  .row {
    display: grid;
    gap: 4px;
  }

  label {
    font-weight: 500;
  }

  .samples {
    font-size: 12px;
    color: ${colors.textSecondary};
    overflow-wrap: anywhere;
  }
`;

/** Field key → column index; null is "Don't import". */
type MappingState = Record<string, number | null>;

interface ImportWizardProps {
  open: boolean;
  table: { spaceId: string; contentId: string };
  fields: readonly TemplateField[];
  /** An uploaded table or contact file of the space to import from, skipping the file step. */
  fromContentId?: string | null;
  onClose(): void;
  onImported(count: number): void;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const count = (n: number) => n.toLocaleString('en-US');

/** Import a CSV, TSV or XLSX file: choose it, map its columns to fields, check every row, then save the valid ones. */
export function ImportWizard(props: ImportWizardProps) {
  return (
    <Modal open={props.open} title="Import records" onCancel={props.onClose} footer={null} width={720} destroyOnHidden>
      <Wizard {...props} />
    </Modal>
  );
}

function Wizard({ table, fields, fromContentId, onClose, onImported }: ImportWizardProps) {
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<MappingState>({});
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ text: string; retry?: () => void; expired?: boolean } | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  /** While the rows are being saved: how far the server has got, and whether Cancel was pressed. */
  const [saving, setSaving] = useState<{ importId: string; saved: number; total: number; cancelling: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const mappable = fields.filter((f) => !f.removed && f.type !== 'form');
  const savingId = saving?.importId ?? null;

  // A big import takes a while to save: its progress is asked for until the run answers.
  useEffect(() => {
    if (!savingId) return undefined;
    const timer = setInterval(() => {
      void recordsApi.importProgress(table.spaceId, table.contentId, savingId).then(
        ({ data }: { data: ImportProgress }) => {
          if (data.state === 'importing') setSaving((s) => (s && s.importId === savingId ? { ...s, saved: data.saved, total: data.total } : s));
        },
        // A missed reading is made up by the next one.
        () => undefined,
      );
    }, IMPORT_PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [savingId, table.spaceId, table.contentId]);

  const cancelSaving = async () => {
    if (!saving) return;
    setSaving({ ...saving, cancelling: true });
    try {
      await recordsApi.cancelImport(table.spaceId, table.contentId, saving.importId);
    } catch (e) {
      setSaving((s) => (s ? { ...s, cancelling: false } : s));
      setProblem({ text: `We could not cancel the import. ${errorMessage(e)}` });
    }
  };

  const adopt = (data: ImportPreview) => {
    setPreview(data);
    setMapping(Object.fromEntries(mappable.map((f) => [f.key, data.suggested_mapping[f.key] ?? null])));
    setReport(null);
    setStep(1);
  };

  const fromContent = async (contentId: string) => {
    setBusy(true);
    setProblem(null);
    try {
      adopt((await recordsApi.importFromContent(table.spaceId, table.contentId, contentId)).data);
    } catch (e) {
      setProblem({ text: `We could not read that file. ${errorMessage(e)}`, retry: () => void fromContent(contentId) });
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (fromContentId) void fromContent(fromContentId);
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const sendFile = async (file: File) => {
    const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!EXTENSIONS.includes(extension)) return setFileProblem('Please choose a CSV, TSV or XLSX file.');
    if (file.size > MAX_BYTES) return setFileProblem(`This file is ${formatBytes(file.size)}; an import can be up to ${formatBytes(MAX_BYTES)}.`);
    setFileProblem(null);
    setProblem(null);
    setBusy(true);
    setPercent(0);
    try {
      adopt((await recordsApi.uploadImport(table.spaceId, table.contentId, file, { onProgress: setPercent })).data);
    } catch (e) {
      setProblem({ text: `We could not read ${file.name}. ${errorMessage(e)}`, retry: () => void sendFile(file) });
    } finally {
      setBusy(false);
      setPercent(null);
    }
  };

  const run = async (dryRun: boolean) => {
    if (!preview) return;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    if (!dryRun) setSaving({ importId: preview.import_id, saved: 0, total: report?.valid_count ?? 0, cancelling: false });
    const chosen = Object.fromEntries(Object.entries(mapping).filter((e): e is [string, number] => e[1] !== null));
    try {
      const { data } = await recordsApi.runImport(table.spaceId, table.contentId, preview.import_id, { mapping: chosen, dry_run: dryRun });
      setReport(data);
      setStep(dryRun ? 2 : 3);
      if (!dryRun) onImported(data.imported);
    } catch (e) {
      if (!dryRun && statusOf(e) === 409) {
        // Stopped on request: nothing was saved, and the rows can be imported again.
        setNotice(errorMessage(e));
      } else if (statusOf(e) === 410) {
        setProblem({ text: `The file is kept for ${IMPORT_KEEP_MINUTES} minutes and has expired. Please choose it again.`, expired: true });
      } else {
        setProblem({ text: `${dryRun ? 'We could not check the rows.' : 'We could not import the rows.'} ${errorMessage(e)}`, retry: () => void run(dryRun) });
      }
    } finally {
      setBusy(false);
      setSaving(null);
    }
  };

  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label ?? key;
  const nothingMapped = Object.values(mapping).every((v) => v === null);

  return (
    <>
      <Steps
        current={step}
        size="small"
        // Across, titles under their numbers: on a phone the default vertical list pushed the step's content off screen.
        responsive={false}
        labelPlacement="vertical"
        style={{ marginBottom: 20 }}
        items={[{ title: 'Choose file' }, { title: 'Match columns' }, { title: 'Check rows' }, { title: 'Done' }]}
      />
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem.text}
          style={{ marginBottom: 16 }}
          action={
            problem.expired ? (
              <Button size="small" onClick={() => { setProblem(null); setStep(0); }}>
                Choose file
              </Button>
            ) : problem.retry ? (
              <Button size="small" onClick={problem.retry}>
                Try again
              </Button>
            ) : undefined
          }
        />
      )}

      {step === 0 && (
        <>
          <Upload.Dragger
            accept={EXTENSIONS.map((e) => `.${e}`).join(',')}
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void sendFile(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">Click or drag a file here</p>
            <p className="ant-upload-hint">CSV, TSV or XLSX, up to {formatBytes(MAX_BYTES)}. The first row names the columns.</p>
          </Upload.Dragger>
          {percent !== null && <Progress percent={percent} size="small" style={{ marginTop: 12 }} />}
          {busy && percent === null && <Progress percent={100} status="active" showInfo={false} size="small" style={{ marginTop: 12 }} />}
          {fileProblem && (
            <p role="alert" style={{ color: colors.errorText, marginTop: 8 }}>
              {fileProblem}
            </p>
          )}
        </>
      )}

      {step === 1 && preview && (
        <>
          <p>
            {plural(preview.row_count, 'row')} found. Choose the column that fills each field.
          </p>
          <Mapping>
            {mappable.map((field) => {
              const column = mapping[field.key];
              const samples = column !== null && column !== undefined ? preview.columns[column]?.samples ?? [] : [];
              return (
                <div className="row" key={field.key}>
                  <label htmlFor={`map-${field.key}`}>{field.required ? field.label : `${field.label} (optional)`}</label>
                  <Select<number | null>
                    id={`map-${field.key}`}
                    aria-label={`Column for ${field.label}`}
                    value={column ?? null}
                    onChange={(value) => setMapping((m) => ({ ...m, [field.key]: value }))}
                    options={[
                      { value: null, label: "Don't import" },
                      ...preview.columns.map((c, index) => ({ value: index, label: c.name || `Column ${index + 1}` })),
                    ]}
                  />
                  {samples.length > 0 && <span className="samples">e.g. {samples.filter(Boolean).join(' · ')}</span>}
                </div>
              );
            })}
          </Mapping>
          <Space style={{ marginTop: 20, display: 'flex', justifyContent: 'flex-end' }} wrap>
            {!fromContentId && <Button onClick={() => setStep(0)} disabled={busy}>Back</Button>}
            <Button type="primary" onClick={() => void run(true)} loading={busy} disabled={nothingMapped}>
              Check rows
            </Button>
          </Space>
        </>
      )}

      {step === 2 && report && (
        <>
          <Alert
            type={report.failed_count > 0 ? 'warning' : 'success'}
            showIcon
            title={`${plural(report.valid_count, 'row')} ready, ${plural(report.failed_count, 'row')} with problems`}
            description={report.failed_count > 0 ? 'Rows with problems are left out; fix them in the file and import it again to add them.' : undefined}
            style={{ marginBottom: 16 }}
          />
          {report.failures.length > 0 && (
            <Table
              size="small"
              rowKey="row"
              pagination={report.failures.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              dataSource={report.failures}
              aria-label="Rows with problems"
              columns={[
                { title: 'Row', dataIndex: 'row', width: 70 },
                {
                  title: 'Problems',
                  render: (_, failure) => (
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {Object.entries(failure.errors).map(([key, messages]) => (
                        <li key={key}>
                          {labelOf(key)}: {messages.join(' ')}
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          )}
          {notice && <Alert type="info" showIcon title={notice} style={{ marginTop: 16 }} />}
          {saving && (
            <div style={{ marginTop: 16 }}>
              <Progress
                percent={saving.total > 0 ? Math.floor((saving.saved / saving.total) * 100) : 0}
                status="active"
                aria-label="Rows saved"
              />
              <p aria-live="polite" style={{ margin: 0 }}>
                {saving.cancelling ? 'Cancelling…' : `${count(saving.saved)} of ${count(saving.total)} rows saved`}
              </p>
            </div>
          )}
          <Space style={{ marginTop: 20, display: 'flex', justifyContent: 'flex-end' }} wrap>
            {saving ? (
              <Button onClick={() => void cancelSaving()} disabled={saving.cancelling}>
                Cancel import
              </Button>
            ) : (
              <Button onClick={() => setStep(1)} disabled={busy}>
                Back
              </Button>
            )}
            <Button type="primary" onClick={() => void run(false)} loading={busy} disabled={report.valid_count === 0}>
              Import {plural(report.valid_count, 'row')}
            </Button>
          </Space>
        </>
      )}

      {step === 3 && report && (
        <Result
          status="success"
          title={`${plural(report.imported, 'record')} imported`}
          extra={
            <Button type="primary" onClick={onClose}>
              Done
            </Button>
          }
        />
      )}
    </>
  );
}
