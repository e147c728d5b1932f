/* Gaps in a spinning thread (CLOCK_MONOTONIC read in a loop) over SECONDS: what the core itself takes
 * from a thread that never sleeps. gcc -O2 -o core-gaps core-gaps.c && taskset -c 0 ./core-gaps 10 */
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
static long ns(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1000000000L+t.tv_nsec;}
int main(int c,char**v){long end=ns()+atol(v[1])*1000000000L,last=ns(),t0=last,n=0,sum=0,max=0;
for(;;){long now=ns(),g=now-last;if(g>200000){n++;sum+=g;if(g>max)max=g;if(g>1000000)printf("gap %.2f ms at %.3f s\n",g/1e6,(now-t0)/1e9);}last=now;if(now>end)break;}
printf("gaps>200us: %ld, sum %.1f ms, max %.2f ms\n",n,sum/1e6,max/1e6);}
