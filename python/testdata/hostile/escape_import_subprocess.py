import subprocess
# raises: ModuleNotFoundError: No module named 'subprocess'
