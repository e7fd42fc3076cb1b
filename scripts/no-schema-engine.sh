#!/bin/sh
echo "The native Prisma schema engine is not used in this project. Use 'svc migrate' (WebAssembly engine) instead." >&2
exit 1
