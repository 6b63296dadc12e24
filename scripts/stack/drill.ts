// The backup drill's steps that speak to the portal (scripts/check-deploy.sh runs them around pg_dump,
// dropdb, createdb and pg_restore):
//   node --import tsx scripts/stack/drill.ts issue  <BFF URL> <simulator URL> <file>  Ana's declaration, issued
//   node --import tsx scripts/stack/drill.ts absent <BFF URL> <file>   on an empty database: not found
//   node --import tsx scripts/stack/drill.ts kept   <BFF URL> <file>   after the restore: it checks out, same bytes
// The file holds what was issued (its code, URL and the PDF's sha256). Each step prints one line.
import { readFileSync, writeFileSync } from 'node:fs';
import { expectAbsent, expectKept, type Issued, issueAnasDeclaration } from './declaration';

const [step, base, ...rest] = process.argv.slice(2);
const usage = 'usage: drill.ts issue <BFF URL> <simulator URL> <file> | absent|kept <BFF URL> <file>';
if (!base) throw new Error(usage);
const read = (file: string | undefined) => JSON.parse(readFileSync(file ?? '', 'utf8')) as Issued;

if (step === 'issue') {
  const [stub, file] = rest;
  if (!stub || !file) throw new Error(usage);
  const issued = await issueAnasDeclaration(base, async (payment) => {
    const response = await fetch(`${stub}/__stub/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payment),
    });
    if (!response.ok) throw new Error(`the simulator refused ${JSON.stringify(payment)}: ${response.status}`);
  });
  writeFileSync(file, JSON.stringify(issued));
  console.log(`${issued.codigo}, ${issued.bytes} bytes, sha256 ${issued.sha256.slice(0, 12)}…`);
} else if (step === 'absent') {
  const issued = read(rest[0]);
  await expectAbsent(base, issued);
  console.log(`${issued.codigo}: unknown, its PDF 404`);
} else if (step === 'kept') {
  const issued = read(rest[0]);
  await expectKept(base, issued);
  console.log(`${issued.codigo}: 'confere', the same ${issued.bytes} bytes`);
} else {
  throw new Error(usage);
}
