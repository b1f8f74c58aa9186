"""Tests of the benches: what they send is what the app accepts; their front refuses as told."""
