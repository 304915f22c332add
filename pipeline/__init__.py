"""The edges: events, validation, storage, workbooks, command line and Prefect flows."""
