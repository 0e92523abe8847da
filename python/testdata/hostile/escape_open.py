open('/etc/passwd')
# raises: NotImplementedError
