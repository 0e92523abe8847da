import shutil
# raises: ModuleNotFoundError
