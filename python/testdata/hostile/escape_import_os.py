import os
# raises: ModuleNotFoundError: No module named 'os'
