"""Many research tasks across machines: one PostgreSQL, Procrastinate workers (docs/scale.md).

`queue.py` is the Procrastinate app (the job that runs a task, the periodic
sweep, enqueueing); `runtime.py` runs a claimed task in a worker; `lease.py`
holds the lease that keeps one task to one worker and stops a woken zombie;
`ratelimit.py` is the limit all workers share; `worker.py` is `research
worker`'s loop; `submit.py` is `research submit`/`batch`.  Nothing here is
imported on the SQLite path.
"""
