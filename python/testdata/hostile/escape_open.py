open('/etc/passwd')
# raises: NameError|NotImplementedError
