"""Long work in the background, with progress: snapshot export, import and verify, folder
apply and catalog generation as jobs (:mod:`jobs.kinds`), on RQ and Redis when ``REDIS_URL``
is set, else in a thread of the web process (:mod:`jobs.runner`)."""
