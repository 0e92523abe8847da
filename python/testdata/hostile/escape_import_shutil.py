import shutil
# raises: ModuleNotFoundError: No module named 'shutil'
