// Imports: upload a file (orders, customers, products or ad spend; docs/imports.md), follow its
// progress until a worker has read it, and see the rejected rows. The file goes as text through
// GraphQL importData (the request limit, 1 MiB, applies here: larger files go through svc import or
// POST /api/v1/imports). Owners only may import (members get owner_required, shown beside the form).
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api.ts';
import { ImportDataDocument, ImportJobDocument, type ImportFormat, type ImportJobViewFragment, type ImportKind } from '../__generated__/graphql.ts';
import { isOwner, type PageProps } from '../page.ts';
import { Badge, FormErrors, type UserProblem } from '../ui.tsx';
import { DataTable } from '../table.tsx';
import { useMutation } from '../use-query.ts';

/** The largest file sent from the browser (the GraphQL request body is limited to 1 MiB). */
const MAX_UPLOAD_BYTES = 900 * 1024;
const POLL_MS = 1000;
const DONE = new Set(['succeeded', 'failed']);

export function Imports({ session }: PageProps) {
  const upload = useMutation(ImportDataDocument);
  const [job, setJob] = useState<ImportJobViewFragment | null>(null);
  const [userErrors, setUserErrors] = useState<UserProblem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const owner = isOwner(session);

  // Polls the import until a worker has finished it.
  useEffect(() => {
    if (!job || DONE.has(job.status)) return;
    const timer = setTimeout(async () => {
      const answer = await gql(ImportJobDocument, { id: job.id });
      if (answer.data?.importJob) setJob(answer.data.importJob);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const file = form.get('file');
    if (!(file instanceof File) || !file.size) return setProblem('Choose a file.');
    if (file.size > MAX_UPLOAD_BYTES) return setProblem('This file is over 900 KB: import it with svc import or POST /api/v1/imports.');
    setProblem(null);
    const format: ImportFormat = /\.(ndjson|jsonl)$/i.test(file.name) ? 'ndjson' : 'csv';
    const result = await upload.run({ input: { kind: form.get('kind') as ImportKind, format, fileName: file.name, content: await file.text() } });
    setUserErrors(result?.importData?.userErrors ?? []);
    if (result?.importData?.importJob) setJob(result.importData.importJob);
  };

  return (
    <section aria-labelledby="imports-title">
      <h1 id="imports-title">Imports</h1>
      <p>
        Bring a store's data in from a file: Shopify's orders export as it is, a CSV with the columns of the import guide, or NDJSON. Importing a file again
        changes nothing.
      </p>
      <form class="card form-row" onSubmit={submit} aria-label="Import a file">
        <label>
          What the file holds
          <select name="kind">
            <option value="orders">orders</option>
            <option value="customers">customers</option>
            <option value="products">products</option>
            <option value="ad_spend">ad spend</option>
            <option value="expenses">expenses</option>
          </select>
        </label>
        <label>
          File (.csv, .ndjson)
          <input type="file" name="file" accept=".csv,.ndjson,.jsonl,text/csv" />
        </label>
        <button type="submit" disabled={upload.pending || !owner} title={owner ? undefined : 'Only an owner can import'}>
          Import
        </button>
      </form>
      {!owner ? <p class="notice">Only an owner of the account can import files.</p> : null}
      {problem ? <p role="alert">{problem}</p> : null}
      <FormErrors userErrors={userErrors} errors={upload.errors} />
      {job ? <Progress job={job} /> : null}
    </section>
  );
}

function Progress({ job }: { job: ImportJobViewFragment }) {
  const tone = job.status === 'failed' ? 'bad' : job.status === 'succeeded' ? 'good' : 'neutral';
  return (
    <div class="card" aria-label="Import progress" data-import-status={job.status}>
      <p>
        {job.fileName ?? 'file'} <Badge tone={tone}>{job.status}</Badge>
      </p>
      <p aria-live="polite">
        {job.rowsRead} rows read: {job.rowsStored} stored, {job.rowsSkipped} skipped, {job.rowsRejected} rejected
      </p>
      {job.error ? <p role="alert">{job.error}</p> : null}
      {job.rejectedRows.length ? (
        <DataTable
          label="Rejected rows"
          rows={job.rejectedRows}
          rowKey={(row) => `${row.line}:${row.field ?? ''}`}
          columns={[
            { title: 'Line', cell: (row) => row.line },
            { title: 'Field', cell: (row) => row.field ?? <span class="muted">the row</span> },
            { title: 'Reason', cell: (row) => row.reason },
          ]}
        />
      ) : null}
    </div>
  );
}
