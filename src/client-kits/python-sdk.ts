// A Python client generated from the OpenAPI document: Python 3.8+, standard library only
// (urllib), one method per operation with typed keyword arguments, ApiError for {error} answers.
import type { Operation, Schema } from './operations.ts';

const snake = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function pyType(schema: Schema): string {
  if (schema.enum) return `Literal[${schema.enum.map((v) => JSON.stringify(v)).join(', ')}]`;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return { integer: 'int', number: 'float', string: 'str', boolean: 'bool', array: 'List[Any]', object: 'Dict[str, Any]' }[type ?? ''] ?? 'Any';
}

const pyString = (text: string) => JSON.stringify(text);

/** The request path: a literal, or a format() filling each {name} with its quoted argument. */
const pyPath = (op: Operation): string =>
  op.pathParams.length
    ? `${pyString(op.path)}.format(${op.pathParams.map((p) => `${p.name}=urllib.parse.quote(str(${p.name}), safe="")`).join(', ')})`
    : pyString(op.path);

export function pythonSdk(ops: Operation[], info: { title: string; version: string }, baseUrl: string): string {
  const methods = ops.map((op) => {
    const params = ['self', ...op.pathParams.map((p) => `${p.name}: ${pyType(p.schema)}`)];
    const kwargs = op.query.map((p) => (p.required ? `${p.name}: ${pyType(p.schema)}` : `${p.name}: Optional[${pyType(p.schema)}] = None`));
    if (op.body) params.push('body: Dict[str, Any]');
    if (kwargs.length) params.push('*', ...kwargs.sort((a, b) => Number(a.includes('=')) - Number(b.includes('='))));
    const returns = op.textual ? (op.response ? 'Union[Dict[str, Any], str]' : 'str') : 'Dict[str, Any]';
    const doc = [op.summary, op.description, op.isPublic ? 'Public: no key needed.' : `Needs a key with the ${op.scope} scope.`]
      .filter(Boolean)
      .join(' ')
      .replace(/\\/g, '\\\\')
      .replace(/"""/g, '\\"\\"\\"');
    const query = op.query.length ? `{${op.query.map((p) => `${pyString(p.name)}: ${p.name}`).join(', ')}}` : 'None';
    return [
      `    def ${snake(op.operationId)}(${params.join(', ')}) -> ${returns}:`,
      `        """${doc}"""`,
      `        return self._request(${pyString(op.method)}, ${pyPath(op)}, ${query}, ${op.body ? 'body' : 'None'})`,
    ].join('\n');
  });
  return `"""${info.title} ${info.version}: a Python client generated from /api/v1/openapi.json.

Python 3.8+, standard library only. Example:

    from svc_client import Client
    client = Client(api_key="svc_test_...")
    print(client.get_me())
"""
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, List, Optional, Union

try:
    from typing import Literal
except ImportError:  # Python < 3.8
    from typing_extensions import Literal  # type: ignore

__all__ = ["ApiError", "Client", "DEFAULT_BASE_URL"]

DEFAULT_BASE_URL = ${pyString(baseUrl)}


class ApiError(Exception):
    """An answer with status 4xx/5xx: the documented {error, message?, param?} body."""

    def __init__(self, status: int, code: str, message: str = "", param: Optional[str] = None) -> None:
        super().__init__(message or code)
        self.status = status
        self.code = code
        self.param = param


class Client:
    def __init__(self, base_url: str = DEFAULT_BASE_URL, api_key: Optional[str] = None, timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _request(self, method: str, path: str, query: Optional[Dict[str, Any]] = None, body: Any = None) -> Any:
        url = self.base_url + path
        params = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in (query or {}).items() if v is not None}
        if params:
            url += "?" + urllib.parse.urlencode(params)
        headers = {"Accept": "application/json", "User-Agent": "svc-python/1"}
        if self.api_key:
            headers["Authorization"] = "Bearer " + self.api_key
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                text = response.read().decode("utf-8")
                if response.headers.get("Content-Type", "").startswith("application/json"):
                    return json.loads(text)
                return text
        except urllib.error.HTTPError as error:
            raw = error.read().decode("utf-8", "replace")
            try:
                payload = json.loads(raw)
            except ValueError:
                payload = {"error": "http_%d" % error.code}
            raise ApiError(error.code, payload.get("error", ""), payload.get("message", ""), payload.get("param")) from None

${methods.join('\n\n')}
`;
}
