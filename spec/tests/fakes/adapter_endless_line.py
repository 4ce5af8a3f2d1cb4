"""Fault 3: answers the trigger with one endless line."""
import os
import sys
import common


def fault(request):
    chunk = b"x" * (1 << 20)
    while True:
        os.write(1, chunk)


common.serve_adapter(fault)
