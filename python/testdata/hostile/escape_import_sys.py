import sys
# raises: ModuleNotFoundError: No module named 'sys'
