import subprocess
# raises: ModuleNotFoundError
