#include <stdlib.h>
#include <unistd.h>
#include <time.h>
#include <fcntl.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec/1e9;}
int main(int argc,char**argv){
  double spin = argc>1? atof(argv[1]) : 0.5; 
  volatile unsigned long x=1; double t0=now();
  while(now()-t0<spin){ for(int i=0;i<100000;i++) x = x*6364136223846793005UL+1442695040888963407UL; }
  int fd=open("/dev/null",O_WRONLY); char buf[64]={0}; t0=now();
  while(now()-t0<spin){ for(int i=0;i<1000;i++) write(fd,buf,sizeof buf); }
  return (int)(x&1);
}
