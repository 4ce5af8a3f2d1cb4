"""Fault 3: writes 20 MB on standard error as one line, then answers the trigger honestly."""
import json
import os
import sys
import common


def fault(request):
    chunk = b"e" * (1 << 20)
    for _ in range(20):
        os.write(2, chunk)
    os.write(2, b"\n")
    common.write(json.dumps(common.answer(request)))


common.serve_adapter(fault)
